// The editor's number fields read and write amounts through the one shared helper.
export { amountText, parseAmount, parseQuantity, priceText, type Parsed } from '../format/numbers';
