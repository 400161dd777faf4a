/*
 * `chain-bill/control-names`: every control a screen reader announces has a Chinese name.
 *
 * - An icon of @ant-design/icons is `aria-hidden` (it decorates a control that has a text) or carries an
 *   `aria-label`: by itself antd names it in English after its glyph (role="img" aria-label="search"), so a
 *   button drawn with one is read "search 查询".
 * - An antd Button drawn with an `icon` and no text has an `aria-label` (or `aria-labelledby`): its icon is
 *   all it would otherwise be named by.
 * - An antd Result of status success, error, info or warning is given its icon (`aria-hidden`): the one
 *   it draws itself is named in English ("check-circle"), and its title already says what happened.
 * - So is an antd Popconfirm, whose own warning icon is named "exclamation-circle".
 * - A Select's clear button is named in place (`allowClear={{ label }}`): antd names it "Clear".
 * - A name or hint written in place (`aria-label`, `title`, `alt`, `placeholder`) is Chinese: one spelt in
 *   Latin letters alone is an English word the user was not meant to hear.
 *
 * An element with a spread (`{...props}`) may get its name from it, so the first two do not judge it.
 */

const ICON_SOURCES = ['@ant-design/icons'];
const BUTTON_SOURCES = new Set(['antd/es/button', 'antd/lib/button']);
const RESULT_SOURCES = new Set(['antd/es/result', 'antd/lib/result']);
const ICON_STATUSES = new Set(['success', 'error', 'info', 'warning']);
const POPCONFIRM_SOURCES = new Set(['antd/es/popconfirm', 'antd/lib/popconfirm']);
const SELECT_SOURCES = new Set(['antd/es/select', 'antd/lib/select']);
const NAMED_ATTRIBUTES = [
  'aria-label',
  'title',
  'alt',
  'placeholder',
  'aria-placeholder',
  'aria-roledescription',
];
const HAN = /\p{Script=Han}/u;
const LATIN = /[A-Za-z]/;

const isIconSource = (source) =>
  ICON_SOURCES.some((name) => source === name || source.startsWith(`${name}/`));

/** The text of an attribute's value when it is written in place, else null. */
function literalText(value) {
  if (!value) return null;
  if (value.type === 'Literal' && typeof value.value === 'string') return value.value;
  if (value.type !== 'JSXExpressionContainer') return null;
  const inner = value.expression;
  if (inner.type === 'Literal' && typeof inner.value === 'string') return inner.value;
  if (inner.type === 'TemplateLiteral' && inner.expressions.length === 0) return inner.quasis[0].value.cooked;
  return null;
}

/** Whether the element has no child a screen reader would read as its text. */
function hasNoText(opening) {
  const element = opening.parent;
  if (opening.selfClosing || element.type !== 'JSXElement') return true;
  return element.children.every((child) => child.type === 'JSXText' && child.value.trim() === '');
}

export const controlNames = {
  meta: {
    type: 'problem',
    docs: { description: 'Every icon, icon button and written-in-place name is Chinese or hidden.' },
    schema: [],
    messages: {
      icon: '{{name}} names itself in English: give it aria-hidden (a control with a text) or a Chinese aria-label.',
      selectClear: 'A Select with allowClear names its clear button "Clear": give allowClear={{ label: … }}.',
      popconfirmIcon:
        'A Popconfirm draws an icon named in English (exclamation-circle): give it icon={<… aria-hidden />}.',
      resultIcon:
        'A Result of status {{status}} draws an icon named in English: give it icon={<… aria-hidden />}.',
      iconButton: 'A Button with only an icon is named by its icon: give it a Chinese aria-label.',
      notChinese: '{{attribute}}="{{text}}" is not Chinese: take the text from the message catalogue.',
    },
  },
  create(context) {
    const icons = new Set();
    const buttons = new Set();
    const results = new Set();
    const popconfirms = new Set();
    const selects = new Set();
    return {
      ImportDeclaration(node) {
        if (node.importKind === 'type') return;
        const source = node.source.value;
        for (const specifier of node.specifiers) {
          if (specifier.importKind === 'type' || specifier.type === 'ImportNamespaceSpecifier') continue;
          if (isIconSource(source)) icons.add(specifier.local.name);
          else if (BUTTON_SOURCES.has(source) && specifier.type === 'ImportDefaultSpecifier')
            buttons.add(specifier.local.name);
          else if (RESULT_SOURCES.has(source) && specifier.type === 'ImportDefaultSpecifier')
            results.add(specifier.local.name);
          else if (POPCONFIRM_SOURCES.has(source) && specifier.type === 'ImportDefaultSpecifier')
            popconfirms.add(specifier.local.name);
          else if (SELECT_SOURCES.has(source) && specifier.type === 'ImportDefaultSpecifier')
            selects.add(specifier.local.name);
          else if (source === 'antd' && specifier.imported?.name === 'Button')
            buttons.add(specifier.local.name);
          else if (source === 'antd' && specifier.imported?.name === 'Result')
            results.add(specifier.local.name);
        }
      },
      JSXOpeningElement(node) {
        const attributes = new Map();
        let spread = false;
        for (const attribute of node.attributes) {
          if (attribute.type === 'JSXSpreadAttribute') spread = true;
          else if (attribute.name.type === 'JSXIdentifier') attributes.set(attribute.name.name, attribute);
        }
        for (const name of NAMED_ATTRIBUTES) {
          const text = literalText(attributes.get(name)?.value);
          if (text !== null && LATIN.test(text) && !HAN.test(text))
            context.report({
              node: attributes.get(name),
              messageId: 'notChinese',
              data: { attribute: name, text },
            });
        }
        if (node.name.type !== 'JSXIdentifier' || spread) return;
        const element = node.name.name;
        const named = attributes.has('aria-label') || attributes.has('aria-labelledby');
        if (icons.has(element) && !named && !attributes.has('aria-hidden'))
          context.report({ node, messageId: 'icon', data: { name: element } });
        const status = literalText(attributes.get('status')?.value);
        if (results.has(element) && ICON_STATUSES.has(status) && !attributes.has('icon'))
          context.report({ node, messageId: 'resultIcon', data: { status } });
        const clear = attributes.get('allowClear');
        const clearIsTrue =
          clear &&
          (clear.value === null ||
            (clear.value.type === 'JSXExpressionContainer' && clear.value.expression.value === true));
        if (selects.has(element) && clearIsTrue) context.report({ node: clear, messageId: 'selectClear' });
        if (popconfirms.has(element) && !attributes.has('icon'))
          context.report({ node, messageId: 'popconfirmIcon' });
        if (buttons.has(element) && attributes.has('icon') && !named && hasNoText(node))
          context.report({ node, messageId: 'iconButton' });
      },
    };
  },
};
