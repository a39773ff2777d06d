// Field help in the editor: hovering a YAML key shows its path, type and
// description; typing a key offers the keys valid at that place. The schema
// (from core/api's Go types, via core/explain) and the descriptions (the
// data file site/data/explain.LANG.json, in the page's language) come from
// the Go program through setSchema and setFieldDocs; until then the editor
// offers nothing.
import { hoverTooltip } from "@codemirror/view";
import { autocompletion } from "@codemirror/autocomplete";

let schema = null; // {kinds: {"apps/v1 Deployment": "Deployment"}, structs: {Name: {f: [{n, t, s, r, e}]}}}
let docs = {};     // "Struct", "Struct.field" or ".field" -> text

export function setSchema(json) { schema = JSON.parse(json); }
export function setFieldDocs(json) { docs = JSON.parse(json); }

function fieldDoc(struct, field) {
  return docs[struct + "." + field] || docs["." + field] || "";
}

const keyLine = /^(\s*)((?:- +)*)([A-Za-z0-9_.\/-]+)\s*:(?:\s|$)/;

// keyAt reads line text as "indent [- ]key:", with the key's column.
function keyAt(text) {
  const m = keyLine.exec(text);
  if (!m) return null;
  return { key: m[3], column: m[1].length + m[2].length };
}

// documentLines are the lines of the YAML document (between --- lines)
// around line number n, as [number, text].
function documentBounds(doc, n) {
  let from = n, to = n;
  while (from > 1 && !/^---/.test(doc.line(from).text)) from--;
  while (to < doc.lines && !/^---/.test(doc.line(to + 1).text)) to++;
  return { from, to };
}

// rootStruct finds the document's kind from its top-level apiVersion and
// kind lines.
function rootStruct(doc, bounds) {
  let apiVersion = "", kind = "";
  for (let i = bounds.from; i <= bounds.to; i++) {
    const m = /^(apiVersion|kind)\s*:\s*["']?([^"'#\s]+)/.exec(doc.line(i).text);
    if (m && m[1] === "apiVersion") apiVersion = m[2];
    if (m && m[1] === "kind") kind = m[2];
  }
  return schema && schema.kinds[apiVersion + " " + kind];
}

// parentKeys lists the keys that enclose column on line n, outermost first:
// each is the nearest line above with a key left of the one inside it.
function parentKeys(doc, n, column, bounds) {
  const keys = [];
  for (let i = n - 1; i >= bounds.from && column > 0; i--) {
    const text = doc.line(i).text;
    if (/^\s*(#|$)/.test(text)) continue;
    const k = keyAt(text);
    const indent = /^\s*/.exec(text)[0].length;
    if (k && k.column < column) {
      keys.unshift(k.key);
      column = k.column;
    } else if (!k && indent < column && !/^\s*-/.test(text)) {
      return null; // inside a block scalar or a flow value: no key path
    }
  }
  return keys;
}

// walk follows keys from a kind's struct; a map's keys are names chosen by
// the writer, so the path steps over them.
function walk(root, keys) {
  let struct = root, field = null, parent = null;
  for (let i = 0; i < keys.length; i++) {
    const st = schema.structs[struct];
    if (!st) return null;
    field = st.f.find((f) => f.n === keys[i]);
    if (!field) return null;
    parent = struct;
    struct = field.s || "";
    if (field.t.startsWith("map[") && field.s && i + 1 < keys.length) i++;
  }
  return { field, parent, struct };
}

function typeText(f) {
  return "<" + f.t + ">" + (f.r ? " -required-" : "");
}

function hoverInfo(view, pos) {
  if (!schema) return null;
  const doc = view.state.doc;
  const line = doc.lineAt(pos);
  const k = keyAt(line.text);
  if (!k) return null;
  const from = line.from + k.column, to = from + k.key.length;
  if (pos < from || pos > to) return null;
  const bounds = documentBounds(doc, line.number);
  const root = rootStruct(doc, bounds);
  const parents = root && parentKeys(doc, line.number, k.column, bounds);
  if (!parents) return null;
  const keys = [...parents, k.key];
  const hit = walk(root, keys);
  if (!hit || !hit.field) return null;
  return { from, to, path: keys.join("."), field: hit.field, parent: hit.parent };
}

export const fieldHover = hoverTooltip((view, pos) => {
  const info = hoverInfo(view, pos);
  if (!info) return null;
  return {
    pos: info.from, end: info.to, above: true,
    create() {
      const dom = document.createElement("div");
      dom.className = "cm-field-help";
      const head = dom.appendChild(document.createElement("div"));
      head.className = "cm-field-help-head";
      const path = head.appendChild(document.createElement("b"));
      path.textContent = info.path;
      head.appendChild(document.createTextNode(" " + typeText(info.field)));
      if (info.field.e) {
        const en = dom.appendChild(document.createElement("div"));
        en.className = "cm-field-help-enum";
        en.textContent = info.field.e.join(" | ");
      }
      const text = fieldDoc(info.parent, info.field.n);
      if (text) {
        const p = dom.appendChild(document.createElement("div"));
        p.className = "cm-field-help-text";
        p.textContent = text;
      }
      return { dom };
    },
  };
}, { hoverTime: 350 });

// keyCompletions offers the keys valid where a key is being typed: the
// fields of the struct the enclosing keys lead to, less those already there.
function keyCompletions(context) {
  if (!schema) return null;
  const doc = context.state.doc;
  const line = doc.lineAt(context.pos);
  const before = line.text.slice(0, context.pos - line.from);
  const m = /^(\s*)((?:- +)*)([A-Za-z0-9_]*)$/.exec(before);
  if (!m || (!m[3] && !context.explicit)) return null;
  const column = m[1].length + m[2].length;
  const bounds = documentBounds(doc, line.number);
  const root = rootStruct(doc, bounds);
  const parents = root && parentKeys(doc, line.number, column, bounds);
  if (!parents) return null;
  const struct = parents.length === 0 ? root : (walk(root, parents) || {}).struct;
  const st = struct && schema.structs[struct];
  if (!st) return null;
  return {
    from: context.pos - m[3].length,
    validFor: /^[A-Za-z0-9_]*$/,
    options: st.f.map((f) => ({
      label: f.n,
      type: "property",
      detail: typeText(f),
      info: fieldDoc(struct, f.n) || undefined,
      apply: f.n + ": ",
    })),
  };
}

export const fieldCompletion = autocompletion({ override: [keyCompletions], icons: false });

// For tests: the help shown for the key at a position.
export function helpAt(view, pos) {
  const info = hoverInfo(view, pos);
  return info && { path: info.path, type: typeText(info.field), text: fieldDoc(info.parent, info.field.n) };
}
