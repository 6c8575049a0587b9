// Making the page's elements: no HTML strings, so no text a server or a person sent can
// ever become markup.

/** A `tag` element with `attributes` (`text` sets its text; true sets an empty
 * attribute; false and null leave one out) and `children`. */
export function element(tag, attributes = {}, children = []) {
  const made = document.createElement(tag);
  for (const [key, value] of Object.entries(attributes)) {
    if (key === "text") made.textContent = value;
    else if (value === true) made.setAttribute(key, "");
    else if (value !== false && value != null) made.setAttribute(key, value);
  }
  made.append(...children);
  return made;
}
