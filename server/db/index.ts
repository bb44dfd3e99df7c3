export { openDatabase, type Db } from './open';
