// The unsynced-drafts file (README.md beside this file): its schema and its reader.
export * from './schema';
export { readDraftsFile, type ReadDrafts, type DraftsFileProblem } from './read';
