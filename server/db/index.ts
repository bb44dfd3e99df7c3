export { openDatabase, openServingDatabase, type Db } from './open';
