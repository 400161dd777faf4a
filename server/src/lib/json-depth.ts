/**
 * How deeply a request's JSON may nest. The deepest body of this API is an object holding a list of objects
 * (3 levels); 32 leaves room for any form to come while keeping every recursive walk over a body (schema
 * validation, hashing, canonical JSON) far from the stack's limit.
 */
export const JSON_MAX_DEPTH = 32;

/** True when the JSON text opens more than `max` objects or arrays inside one another; one pass, no parse. */
export function textNestsDeeper(text: string, max = JSON_MAX_DEPTH): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i += 1) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i += 1; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x7b || c === 0x5b) {
      depth += 1;
      if (depth > max) return true;
    } else if (c === 0x7d || c === 0x5d) depth -= 1;
  }
  return false;
}

/** The same judgement of a value already parsed, without recursion (the value may be arbitrarily deep). */
export function valueNestsDeeper(value: unknown, max = JSON_MAX_DEPTH): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length > 0) {
    const [item, depth] = stack.pop()!;
    if (item === null || typeof item !== 'object') continue;
    if (depth + 1 > max) return true;
    for (const child of Object.values(item)) stack.push([child, depth + 1]);
  }
  return false;
}
