import type { LineItemKind, QuoteStatus } from '../../common/api';

export interface QuoteRow {
  id: string;
  partner_id: string;
  reference_code: string;
  status: QuoteStatus;
  client_id: string;
  client_name: string;
  created_by: string;
  created_by_name: string;
  owned_by: string | null;
  created_on: string;
  updated_on: string;
  expires_on: string;
  intro_message: string;
  terms: string;
  published: number;
  published_on: string | null;
  responded_on: string | null;
  revoked_on: string | null;
  quote_request_id: string | null;
  margin: number | null;
  intent_type: string;
  accepted_by: string | null;
  declined_by: string | null;
  deleted_on: string | null;
  initial_total: number;
  initial_cost: number;
  recurring_total: number;
  recurring_cost: number;
  count_total: number;
  count_custom: number;
  count_msp: number;
}

export interface LineItemRow {
  id: string;
  quote_id: string;
  position: number;
  kind: LineItemKind;
  product_id: string | null;
  product_name: string;
  product_sku: string;
  product_type: string;
  is_msp_only: number;
  billing_term: string;
  commitment_term_id: string | null;
  commitment_term: string | null;
  price: number;
  cost: number;
  quantity: number;
  initial_total: number | null;
  effective_date: string;
  note: string;
  usage_type: string | null;
  usage_display_note: number | null;
  required_line_item_id: string | null;
  required_subscription_id: string | null;
  subscription_id: string | null;
  totals_json: string;
}

export interface AttachmentRow {
  id: string;
  partner_id: string;
  scope: 'library' | 'quote' | 'preference';
  quote_id: string | null;
  name: string;
  ord: number;
  sha256: string;
  size: number;
  source_id: string | null;
  created_on: string;
  created_by: string;
  replaced_on: string | null;
}

export interface ProductRow {
  id: string;
  name: string;
  sku: string;
  vendor_name: string;
  is_msp_only: number;
  type: string;
  requires_product_id: string | null;
  requires_commitment: number;
  usage_type: string | null;
  usage_display_note: number | null;
}

export interface PricingRow {
  product_id: string;
  billing_term: string;
  cost: number;
  suggested_price: number;
  commitment_term_id: string | null;
}
