export { openDatabase, openServingDatabase, type Db } from './open';
export { DatabaseTooNewError } from './errors';
