// A form for a game's options, built from its JSON Schema (pydantic's model_json_schema),
// in words: the game's options model gives each option a label (`title`), a one-line
// explanation (`help`) and words for each choice (`choices`), as the room's log says them
// too (games.base.option); its table module gives presets (a game length with its
// measured estimate).

import { h } from "./dom.js";

function resolve(schema, prop) {
  if (prop.$ref && schema.$defs) return { ...schema.$defs[prop.$ref.split("/").pop()], ...prop };
  if (prop.allOf && prop.allOf.length === 1) return { ...resolve(schema, prop.allOf[0]), ...prop };
  return prop;
}

function label(key, prop) {
  return prop.title || key.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}

/**
 * Returns {element, read()} for the schema's properties, starting from `values`.
 * `presets`: [{title, about, options}] become a choice of game length (returned as
 * `presets`) that fills the fields.
 */
export function optionsForm(schema, values = {}, { disabled = false, idPrefix = "opt", presets = [] } = {}) {
  const props = schema?.properties || {};
  const fields = [];
  const setters = {};
  const rows = Object.entries(props).map(([key, raw]) => {
    const prop = resolve(schema, raw);
    const id = `${idPrefix}-${key}`;
    const value = key in values ? values[key] : prop.default;
    let input, read, set;
    if (prop.enum) {
      input = h("select", { id, name: key, disabled },
        prop.enum.map((v) => h("option", { value: String(v), selected: v === value }, prop.choices?.[v] || String(v))));
      read = () => prop.enum.find((v) => String(v) === input.value);
      set = (v) => { input.value = String(v); };
    } else if (prop.type === "boolean") {
      input = h("input", { id, name: key, type: "checkbox", checked: !!value, disabled });
      read = () => input.checked;
      set = (v) => { input.checked = !!v; };
    } else if (prop.type === "integer" || prop.type === "number") {
      input = h("input", {
        id, name: key, type: "number", value: value ?? "", disabled,
        min: prop.minimum ?? prop.exclusiveMinimum, max: prop.maximum ?? prop.exclusiveMaximum,
        step: prop.type === "integer" ? 1 : "any", inputmode: "numeric",
      });
      read = () => (input.value === "" ? undefined : Number(input.value));
      set = (v) => { input.value = v ?? ""; };
    } else {
      input = h("input", { id, name: key, type: "text", value: value ?? "", disabled });
      read = () => input.value;
      set = (v) => { input.value = v ?? ""; };
    }
    fields.push([key, read]);
    setters[key] = [set, prop.default];
    const bounds = prop.enum ? "" : [prop.minimum !== undefined ? `min ${prop.minimum}` : "",
      prop.maximum !== undefined ? `max ${prop.maximum}` : ""].filter(Boolean).join(", ");
    const help = prop.help || prop.description;
    const helpId = `${id}-help`;
    if (help || bounds) input.setAttribute("aria-describedby", helpId);
    return h("div", { class: "field" },
      h("label", { for: id }, label(key, prop)), input,
      help || bounds ? h("p", { class: "help", id: helpId }, [help, bounds && `(${bounds})`].filter(Boolean).join(" ")) : null);
  });
  let presetBox = null;
  if (presets.length) {
    const same = (p) => Object.entries(props).every(([k, raw]) => {
      const want = k in p.options ? p.options[k] : resolve(schema, raw).default;
      const have = k in values ? values[k] : resolve(schema, raw).default;
      return want === have;
    });
    const name = `${idPrefix}-preset`;
    presetBox = h("fieldset", { class: "presets" }, h("legend", null, "Game length"),
      presets.map((p, i) => {
        const id = `${name}-${i}`;
        return h("div", { class: "preset" },
          h("input", { type: "radio", id, name, value: String(i), checked: same(p), disabled,
            onchange: () => { for (const [k, [set, d]] of Object.entries(setters)) set(k in p.options ? p.options[k] : d); } }),
          h("label", { for: id }, h("strong", null, p.title), p.about ? h("span", { class: "help" }, ` — ${p.about}`) : null));
      }));
  }
  const element = h("div", { class: "options" },
    rows.length ? rows : h("p", { class: "help" }, "The game itself has no options to choose."));
  return {
    element,
    presets: presetBox, // the game lengths, for the caller to place in view (null without any)
    read() {
      const out = {};
      for (const [k, read] of fields) { const v = read(); if (v !== undefined) out[k] = v; }
      return out;
    },
  };
}
