import { options } from "preact";

/**
 * Ids made by `useId` agree after hydration (docs/decisions/016). React on the server and Preact
 * in the browser make different ids, and hydration keeps the server's attributes: a dialog
 * hydrated with `aria-labelledby` naming React's id would point nowhere once Preact renders its
 * heading with Preact's. So whenever an element has been diffed, the attributes that hold or
 * name ids are made what the browser rendered. After hydration this is a no-op (Preact has set
 * them already); it costs a few property reads per element.
 */
const ID_ATTRIBUTES: [prop: string, attribute: string][] = [
  ["id", "id"],
  ["htmlFor", "for"],
  ["for", "for"],
  ["aria-describedby", "aria-describedby"],
  ["aria-labelledby", "aria-labelledby"],
  ["aria-controls", "aria-controls"],
  ["aria-activedescendant", "aria-activedescendant"],
  ["aria-errormessage", "aria-errormessage"],
  ["aria-owns", "aria-owns"],
  ["list", "list"],
  ["form", "form"],
  ["headers", "headers"],
];

export function keepIdsInStep() {
  const previous = options.diffed;
  options.diffed = (vnode) => {
    const element = (vnode as { __e?: unknown }).__e;
    if (typeof vnode.type === "string" && element instanceof Element) {
      const props = vnode.props as Record<string, unknown>;
      for (const [prop, attribute] of ID_ATTRIBUTES) {
        const value = props[prop];
        if (typeof value === "string" && element.getAttribute(attribute) !== value) element.setAttribute(attribute, value);
      }
    }
    previous?.(vnode);
  };
}
