// The one way the page's modules build elements from data: properties (textContent, never
// innerHTML) and children, so a name from a file is never markup.

/** `<tag>` with `props` assigned and `children` appended. */
export const el = (tag, props = {}, ...children) => {
  const e = Object.assign(document.createElement(tag), props);
  e.append(...children);
  return e;
};
