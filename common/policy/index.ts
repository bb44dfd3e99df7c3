/** The managed configuration (policy) an organisation ships: its schema, stated once. */
export {
  DataProtection,
  Policy,
  PolicyConnection,
  PolicyUpdates,
  UpdateChannel,
  parsePolicy,
  type PolicyProblem,
} from './schema';
