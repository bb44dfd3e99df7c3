// Intl formatters by key (what it formats, the locale, the options: a key names one set of
// options everywhere), each made once: constructing an Intl object is the slow part of
// formatting, and a list or a proposal formats thousands of values. The app's screens, the
// proposal and common/money share the one cache.
type Formatter = Intl.NumberFormat | Intl.DateTimeFormat | Intl.RelativeTimeFormat;

const cache = new Map<string, Formatter>();

export function cachedIntl<T extends Formatter>(key: string, make: () => T): T {
  let f = cache.get(key) as T | undefined;
  if (!f) {
    f = make();
    cache.set(key, f);
  }
  return f;
}
