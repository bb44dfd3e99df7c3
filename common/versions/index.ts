// Versions of a quote: the comparison of two of them (pure) and its shapes for the UI.
export {
  compareVersions,
  totalsByBasis,
  type VersionContent,
  type VersionLine,
  type VersionSection,
} from './compare';
export * from './shapes';
