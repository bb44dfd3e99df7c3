/**
 * The data directory's database was written by a newer version of the Quoting API (its
 * schema version is above the last migration this one knows). Opening it would run this
 * version's code against tables it does not know, so it is refused and left as found.
 */
export class DatabaseTooNewError extends Error {
  readonly code = 'TOO_NEW';
  constructor(
    readonly file: string,
    readonly version: number,
    readonly supported: number,
  ) {
    super(
      `The Quoting API database ${file} has schema version ${version}; this version reads up to ${supported}. ` +
        'It was left untouched; run a newer Quotedesk or server on it.',
    );
    this.name = 'DatabaseTooNewError';
  }
}
