import { waitFor } from '@testing-library/react';

/**
 * Finding a page's buttons, dialogs and other named parts by their markup instead of by role. A role query
 * computes every candidate's visibility and accessible name from jsdom's computed styles, which on antd's pages
 * (their styles injected in the document) costs seconds a query. These read the names the markup gives:
 * `aria-label`, else the text of the elements `aria-labelledby` points at, else the element's own text.
 * They look at hidden elements too, so a check that something is absent is the stricter for it, and a query
 * for one element insists on exactly one.
 */

/** A name as written (its spaces, and antd's space between two characters, aside), or a pattern it matches. */
export type Name = RegExp | string;

/** The name the markup gives `element`. */
export function nameOf(element: Element): string {
  const label = element.getAttribute('aria-label');
  if (label !== null) return label.trim();
  const labelledBy = element.getAttribute('aria-labelledby');
  if (labelledBy !== null) {
    return labelledBy
      .split(/\s+/)
      .map((id) => element.ownerDocument.getElementById(id)?.textContent ?? '')
      .join(' ')
      .trim();
  }
  return (element.textContent ?? '').trim();
}

const reads = (text: string, name: Name) =>
  typeof name === 'string' ? text.replace(/\s/g, '') === name.replace(/\s/g, '') : name.test(text);

/** The elements in `scope` matching `selector` whose name reads `name`. */
export const allNamed = <E extends Element = HTMLElement>(
  selector: string,
  name: Name,
  scope: ParentNode = document.body,
) => [...scope.querySelectorAll<E>(selector)].filter((element) => reads(nameOf(element), name));

/** The one element in `scope` matching `selector` whose name reads `name`; throws when there is none or more. */
export function oneNamed<E extends Element = HTMLElement>(
  selector: string,
  name: Name,
  scope?: ParentNode,
): E {
  const found = allNamed<E>(selector, name, scope);
  if (found.length !== 1) throw new Error(`${found.length} of ${selector} read ${String(name)}`);
  return found[0]!;
}

/** The buttons in `scope` reading `name`. */
export const buttonsNamed = (name: Name, scope?: ParentNode) =>
  allNamed<HTMLButtonElement>('button', name, scope);

/** The one button in `scope` reading `name`; throws when there is none or more than one. */
export const buttonNamed = (name: Name, scope?: ParentNode) =>
  oneNamed<HTMLButtonElement>('button', name, scope);

/** The one button in `scope` reading `name`, once the page shows it. */
export const findButton = (name: Name, scope?: ParentNode) => waitFor(() => buttonNamed(name, scope));

/** The dialogs in the page, or those whose title reads `name`. */
export const dialogsNamed = (name?: Name) =>
  name === undefined
    ? [...document.querySelectorAll<HTMLElement>('[role=dialog]')]
    : allNamed('[role=dialog]', name);

/** The dialog the page opened (the one titled `name`), once it shows, when it is the only one. */
export const findDialog = (name?: Name) =>
  waitFor(() => {
    const dialogs = dialogsNamed(name);
    if (dialogs.length !== 1)
      throw new Error(`${dialogs.length} dialogs${name ? ` read ${String(name)}` : ''}`);
    return dialogs[0]!;
  });

/** The one element in `scope` matching `selector`; throws when there is none or more than one. */
export function theOnly<E extends Element = HTMLElement>(
  selector: string,
  scope: ParentNode = document.body,
): E {
  const found = scope.querySelectorAll<E>(selector);
  if (found.length !== 1) throw new Error(`${found.length} of ${selector}`);
  return found[0]!;
}

/** The one element in `scope` matching `selector`, once the page shows it. */
export const findTheOnly = <E extends Element = HTMLElement>(selector: string, scope?: ParentNode) =>
  waitFor(() => theOnly<E>(selector, scope));

/** The one element in `scope` matching `selector` whose name reads `name`, once the page shows it. */
export const findNamed = <E extends Element = HTMLElement>(
  selector: string,
  name: Name,
  scope?: ParentNode,
) => waitFor(() => oneNamed<E>(selector, name, scope));
