// Text the service cannot store: half of a UTF-16 surrogate pair (JSON may escape one, e.g.
// `"\ud83d"`, though it is no character). SQLite would keep U+FFFD instead and answer 200, so
// the client would read back something other than it sent; such a body is refused instead.
import { fieldPath } from '../../common/api';

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** The fields (as `[0].note`, `sections[1].name`) whose text holds a lone surrogate. */
export function loneSurrogates(body: unknown): string[] {
  const out: string[] = [];
  const walk = (v: unknown, path: (string | number)[]) => {
    if (typeof v === 'string') {
      if (LONE_SURROGATE.test(v)) out.push(fieldPath(path));
    } else if (Array.isArray(v)) v.forEach((x, i) => walk(x, [...path, i]));
    else if (v && typeof v === 'object')
      for (const [k, x] of Object.entries(v)) {
        // A key is text too.
        if (LONE_SURROGATE.test(k)) out.push(fieldPath(path));
        walk(x, [...path, k]);
      }
  };
  walk(body, []);
  return out;
}
