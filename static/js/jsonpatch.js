// RFC 6902 JSON Patch (add, remove, replace, move, copy, test) over RFC 6901 pointers.
// Returns a new document; the input is never changed, so a failed patch leaves it intact.

export class PatchError extends Error {}

function parse(pointer) {
  if (pointer === "") return [];
  if (pointer[0] !== "/") throw new PatchError(`Expected a JSON pointer starting with /, got ${pointer}`);
  return pointer.slice(1).split("/").map((t) => t.replace(/~1/g, "/").replace(/~0/g, "~"));
}

function index(arr, token, forAdd) {
  if (token === "-" && forAdd) return arr.length;
  if (!/^(0|[1-9][0-9]*)$/.test(token)) throw new PatchError(`Expected an array index, got ${token}`);
  const i = Number(token);
  if (i > arr.length || (!forAdd && i === arr.length)) throw new PatchError(`Index ${i} out of range`);
  return i;
}

function parent(doc, tokens) {
  let node = doc;
  for (const t of tokens.slice(0, -1)) {
    node = Array.isArray(node) ? node[index(node, t, false)] : node?.[t];
    if (node === undefined || node === null || typeof node !== "object") {
      throw new PatchError(`No container at ${t}`);
    }
  }
  return node;
}

function get(doc, tokens) {
  if (!tokens.length) return doc;
  const p = parent(doc, tokens), last = tokens[tokens.length - 1];
  if (Array.isArray(p)) return p[index(p, last, false)];
  if (!(last in p)) throw new PatchError(`No member ${last}`);
  return p[last];
}

function add(doc, tokens, value) {
  if (!tokens.length) return value;
  const p = parent(doc, tokens), last = tokens[tokens.length - 1];
  if (Array.isArray(p)) p.splice(index(p, last, true), 0, value);
  else p[last] = value;
  return doc;
}

function remove(doc, tokens) {
  const p = parent(doc, tokens), last = tokens[tokens.length - 1];
  if (Array.isArray(p)) p.splice(index(p, last, false), 1);
  else if (last in p) delete p[last];
  else throw new PatchError(`No member ${last} to remove`);
  return doc;
}

const clone = (v) => (v === undefined ? v : JSON.parse(JSON.stringify(v)));
const equal = (a, b) => JSON.stringify(sortKeys(a)) === JSON.stringify(sortKeys(b));

export function sortKeys(v) {
  if (Array.isArray(v)) return v.map(sortKeys);
  if (v && typeof v === "object") {
    return Object.fromEntries(Object.keys(v).sort().map((k) => [k, sortKeys(v[k])]));
  }
  return v;
}

export function applyPatch(document, ops) {
  let doc = clone(document);
  for (const op of ops) {
    const path = parse(op.path);
    switch (op.op) {
      case "add": doc = add(doc, path, clone(op.value)); break;
      case "remove": doc = remove(doc, path); break;
      case "replace": get(doc, path); doc = add(path.length ? remove(doc, path) : doc, path, clone(op.value)); break;
      case "move": { const v = get(doc, parse(op.from)); doc = add(remove(doc, parse(op.from)), path, v); break; }
      case "copy": doc = add(doc, path, clone(get(doc, parse(op.from)))); break;
      case "test": if (!equal(get(doc, path), op.value)) throw new PatchError(`Test failed at ${op.path}`); break;
      default: throw new PatchError(`Unknown op ${op.op}`);
    }
  }
  return doc;
}
