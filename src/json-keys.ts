/**
 * A key written twice in one object of a JSON text (a variant's rule, a preset's parameter, a bot file's command):
 * JSON.parse keeps the last silently, so which one was meant cannot be known; the files a user writes are refused
 * instead, as a repeated option is (README.md, "Commands"). Read after JSON.parse has accepted the text.
 */

/** The first key given twice in one object of `text` (valid JSON), as a path ("overrides.deadWall"); null if none. */
export function repeatedKey(text: string): string | null {
  // One frame per open object or array: the keys seen (objects only) and the key being read.
  const stack: { keys: Set<string> | null; key: string | null }[] = [];
  let expectKey = false;
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '"') {
      let j = i + 1;
      while (text[j] !== '"') j += text[j] === '\\' ? 2 : 1;
      const top = stack[stack.length - 1];
      if (expectKey && top?.keys) {
        const key = JSON.parse(text.slice(i, j + 1)) as string;
        if (top.keys.has(key)) return [...stack.slice(0, -1).map((f) => f.key), key].filter((k) => k !== null).join('.');
        top.keys.add(key);
        top.key = key;
        expectKey = false;
      }
      i = j;
    } else if (c === '{') {
      stack.push({ keys: new Set(), key: null });
      expectKey = true;
    } else if (c === '[') {
      stack.push({ keys: null, key: null });
    } else if (c === '}' || c === ']') {
      stack.pop();
    } else if (c === ',') {
      expectKey = stack[stack.length - 1]?.keys !== null && stack.length > 0;
    }
  }
  return null;
}
