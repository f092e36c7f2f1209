// A form for a game's options, built from its JSON Schema (pydantic's model_json_schema).

import { h } from "./dom.js";

function resolve(schema, prop) {
  if (prop.$ref && schema.$defs) return { ...schema.$defs[prop.$ref.split("/").pop()], ...prop };
  if (prop.allOf && prop.allOf.length === 1) return { ...resolve(schema, prop.allOf[0]), ...prop };
  return prop;
}

function label(key, prop) {
  return prop.title || key.replace(/_/g, " ").replace(/^./, (c) => c.toUpperCase());
}

/** Returns {element, read()} for the schema's properties, starting from `values`. */
export function optionsForm(schema, values = {}, { disabled = false, idPrefix = "opt" } = {}) {
  const props = schema?.properties || {};
  const fields = [];
  const rows = Object.entries(props).map(([key, raw]) => {
    const prop = resolve(schema, raw);
    const id = `${idPrefix}-${key}`;
    const value = key in values ? values[key] : prop.default;
    let input, read;
    if (prop.enum) {
      input = h("select", { id, name: key, disabled },
        prop.enum.map((v) => h("option", { value: String(v), selected: v === value }, String(v))));
      read = () => prop.enum.find((v) => String(v) === input.value);
    } else if (prop.type === "boolean") {
      input = h("input", { id, name: key, type: "checkbox", checked: !!value, disabled });
      read = () => input.checked;
    } else if (prop.type === "integer" || prop.type === "number") {
      input = h("input", {
        id, name: key, type: "number", value: value ?? "", disabled,
        min: prop.minimum ?? prop.exclusiveMinimum, max: prop.maximum ?? prop.exclusiveMaximum,
        step: prop.type === "integer" ? 1 : "any", inputmode: "numeric",
      });
      read = () => (input.value === "" ? undefined : Number(input.value));
    } else {
      input = h("input", { id, name: key, type: "text", value: value ?? "", disabled });
      read = () => input.value;
    }
    fields.push([key, read]);
    const bounds = prop.enum ? "" : [prop.minimum !== undefined ? `min ${prop.minimum}` : "",
      prop.maximum !== undefined ? `max ${prop.maximum}` : ""].filter(Boolean).join(", ");
    return h("div", { class: "field" },
      h("label", { for: id }, label(key, prop)), input,
      prop.description || bounds ? h("p", { class: "help" }, [prop.description, bounds && `(${bounds})`].filter(Boolean).join(" ")) : null);
  });
  const element = h("div", { class: "options" }, rows.length ? rows : h("p", { class: "help" }, "This game has no options."));
  return {
    element,
    read() {
      const out = {};
      for (const [k, read] of fields) { const v = read(); if (v !== undefined) out[k] = v; }
      return out;
    },
  };
}
