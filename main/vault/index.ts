/** Connection profiles and credentials: see README.md in this folder. */
export { openVault, Vault, type VaultOptions } from './vault';
export {
  openKeychain,
  KEYCHAIN_SERVICE,
  NOT_REMEMBERED,
  type Keychain,
  type KeychainStatus,
  type KeytarLike,
  type OpenKeychainOptions,
} from './keychain';
export { Profile, ProfileInput, ProfileValidationError, type FieldProblem } from './profile';
export { PROFILES_FILE_NAME } from './profiles-store';
export {
  explainFailure,
  testConnection,
  type ConnectionProblem,
  type ConnectionTestResult,
} from './test-connection';
export {
  keyFromPassphrase,
  newPassphraseRecord,
  readProtection,
  writeProtection,
  protectionFile,
  storeKeyAccount,
  PASSPHRASE_MIN,
  SCRYPT,
  type Protection,
  type ProtectionRecord,
} from './store-keys';
export {
  openProtectedStore,
  setAsideUnreadable,
  unsyncedOfClosedStore,
  lockMessage,
  UnlockInputError,
  STORE_FILE,
  type StoreAccess,
  type StoreLock,
  type StoreLockReason,
  type Unlock,
} from './protected-store';
