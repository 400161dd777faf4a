import type { FastifyInstance } from 'fastify';
import { DOCS_PATH, OPENAPI_PATH } from './openapi';

/**
 * `GET /api/openapi.json` and its reader, `GET /api/docs`: one page of our own, rendered on the server from
 * the document, in Chinese, with no script at all. API answers carry `default-src 'none'`; the page's own
 * policy adds only its style sheet (`/api/docs/docs.css`), so it reads under the same strict CSP.
 */
type Json = Record<string, unknown>;

const CSS_PATH = `${DOCS_PATH}/docs.css`;
const PAGE_CSP =
  "default-src 'none'; style-src 'self'; base-uri 'none'; frame-ancestors 'none'; form-action 'none'";
const METHOD_ORDER = ['get', 'post', 'put', 'patch', 'delete'];
const WHERE: Record<string, string> = { path: '路径', query: '查询', header: '请求头', cookie: 'Cookie' };

const CSS = `body{font:14px/1.6 system-ui,"PingFang SC","Microsoft YaHei",sans-serif;color:#1f1f1f;margin:0 auto;max-width:1100px;padding:24px}
h1{font-size:24px}h2{font-size:16px;margin:32px 0 8px;padding:8px;background:#f5f7fa;border-left:4px solid #1456f0}
h3{font-size:14px;margin:16px 0 4px}code,.m{font-family:ui-monospace,Menlo,Consolas,monospace}
.m{display:inline-block;min-width:56px;font-weight:600;color:#1456f0}ul{margin:2px 0;padding-left:20px}
.t{color:#5c5c5c}.r{color:#b42318}nav a{display:block;color:#1456f0;text-decoration:none}table{border-collapse:collapse}
td,th{border:1px solid #d9d9d9;padding:2px 8px;text-align:left}`;

const escape = (text: unknown): string => String(text).replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
const anchor = (text: string) => text.replace(/[^A-Za-z0-9_-]/g, '-');

/** A schema's type in a few words: `string`, `integer`, an enum's values, a reference's name. */
function typeOf(schema: Json): string {
  if (typeof schema.$ref === 'string') {
    const name = schema.$ref.split('/').at(-1) ?? '';
    return `<a href="#c-${anchor(name)}">${escape(name)}</a>`;
  }
  if ('const' in schema) return `常量 <code>${escape(JSON.stringify(schema.const))}</code>`;
  if (Array.isArray(schema.enum))
    return `枚举 ${schema.enum.map((v) => `<code>${escape(JSON.stringify(v))}</code>`).join(' / ')}`;
  const union = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (Array.isArray(union)) return union.map(typeOf).join(' 或 ');
  const type = Array.isArray(schema.type) ? schema.type.join(' | ') : String(schema.type ?? '任意');
  const limits = [
    schema.format && `格式 ${escape(schema.format)}`,
    schema.pattern && `模式 <code>${escape(schema.pattern)}</code>`,
    schema.minLength !== undefined && `最短 ${escape(schema.minLength)}`,
    schema.maxLength !== undefined && `最长 ${escape(schema.maxLength)}`,
    schema.minimum !== undefined && `最小 ${escape(schema.minimum)}`,
    schema.maximum !== undefined && `最大 ${escape(schema.maximum)}`,
    schema.maxItems !== undefined && `至多 ${escape(schema.maxItems)} 项`,
  ].filter(Boolean);
  return `${escape(type)}${limits.length ? ` <span class="t">（${limits.join('，')}）</span>` : ''}`;
}

/** A schema as a nested list of its fields. */
function render(schema: Json | undefined, depth = 0): string {
  if (!schema || depth > 8) return '';
  const properties = schema.properties as Record<string, Json> | undefined;
  const items = schema.items as Json | undefined;
  const described = schema.description ? ` <span class="t">${escape(schema.description)}</span>` : '';
  if (properties) {
    const required = new Set((schema.required as string[] | undefined) ?? []);
    const rows = Object.entries(properties).map(
      ([name, child]) =>
        `<li><code>${escape(name)}</code>${required.has(name) ? ' <span class="r">必填</span>' : ''}: ${typeOf(child)}` +
        `${child.description ? ` <span class="t">${escape(child.description)}</span>` : ''}${render(child, depth + 1)}</li>`,
    );
    return `<ul>${rows.join('')}</ul>`;
  }
  if (items) return `<ul><li>每项: ${typeOf(items)}${described}${render(items, depth + 1)}</li></ul>`;
  const union = (schema.anyOf ?? schema.oneOf) as Json[] | undefined;
  if (Array.isArray(union) && union.some((s) => s.properties))
    return union.map((s) => render(s, depth + 1)).join('<p class="t">或</p>');
  return '';
}

function contentSchema(body: Json | undefined): Json | undefined {
  const content = body?.content as Record<string, { schema?: Json }> | undefined;
  return content ? Object.values(content)[0]?.schema : undefined;
}

function renderOperation(path: string, method: string, operation: Json): string {
  const id = anchor(`${method}-${path}`);
  const parameters = (operation.parameters as Json[] | undefined) ?? [];
  const responses = (operation.responses as Record<string, Json> | undefined) ?? {};
  const body = contentSchema(operation.requestBody as Json | undefined);
  const parts = [
    `<h2 id="${id}"><span class="m">${method.toUpperCase()}</span> <code>${escape(path)}</code></h2>`,
  ];
  if (operation.summary) parts.push(`<p>${escape(operation.summary)}</p>`);
  if (parameters.length > 0) {
    const rows = parameters.map(
      (p) =>
        `<tr><td><code>${escape(p.name)}</code></td><td>${WHERE[String(p.in)] ?? escape(p.in)}</td>` +
        `<td>${p.required ? '是' : '否'}</td><td>${typeOf((p.schema as Json) ?? {})}</td></tr>`,
    );
    parts.push(
      `<h3>参数</h3><table><tr><th>名称</th><th>位置</th><th>必填</th><th>类型</th></tr>${rows.join('')}</table>`,
    );
  }
  if (body) parts.push(`<h3>请求体</h3><p>${typeOf(body)}</p>${render(body)}`);
  parts.push('<h3>响应</h3>');
  for (const [status, response] of Object.entries(responses)) {
    const schema = contentSchema(response);
    parts.push(
      `<p><code>${escape(status)}</code> ${schema ? typeOf(schema) : '无内容'}</p>${render(schema)}`,
    );
  }
  return parts.join('\n');
}

/** The reader page of a document. */
export function docsPage(document: Json): string {
  const info = (document.info as Json | undefined) ?? {};
  const paths = (document.paths as Record<string, Record<string, Json>> | undefined) ?? {};
  const operations = Object.keys(paths)
    .sort()
    .flatMap((path) =>
      Object.keys(paths[path] ?? {})
        .filter((method) => METHOD_ORDER.includes(method))
        .sort((a, b) => METHOD_ORDER.indexOf(a) - METHOD_ORDER.indexOf(b))
        .map((method) => ({ path, method, operation: paths[path]?.[method] as Json })),
    );
  const components =
    ((document.components as Json | undefined)?.schemas as Record<string, Json> | undefined) ?? {};
  const nav = operations
    .map(
      ({ path, method }) =>
        `<a href="#${anchor(`${method}-${path}`)}"><span class="m">${method.toUpperCase()}</span> ${escape(path)}</a>`,
    )
    .join('');
  const shared = Object.entries(components)
    .map(
      ([name, schema]) =>
        `<h2 id="c-${anchor(name)}">${escape(name)}</h2><p>${typeOf(schema)}</p>${render(schema)}`,
    )
    .join('\n');
  return `<!doctype html>
<html lang="zh-CN"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<title>${escape(info.title ?? '接口文档')}</title><link rel="stylesheet" href="${CSS_PATH}"></head>
<body><header><h1>${escape(info.title ?? '接口文档')}</h1><p>版本 ${escape(info.version ?? '')}。${escape(info.description ?? '')}</p>
<p>机器可读的文档（OpenAPI 3.1）：<a href="${OPENAPI_PATH}">${OPENAPI_PATH}</a>。共 ${operations.length} 个接口。</p></header>
<nav aria-label="接口目录">${nav}</nav><main>${operations.map((o) => renderOperation(o.path, o.method, o.operation)).join('\n')}
${shared ? `<h1>共用结构</h1>${shared}` : ''}</main></body></html>`;
}

export function setupDocsRoutes(app: FastifyInstance): void {
  let page: string | null = null;
  app.get(OPENAPI_PATH, async function getOpenApiDocument(_request, reply) {
    reply.header('Cache-Control', 'no-cache');
    return app.openApiDocument();
  });
  app.get(DOCS_PATH, async function getDocsPage(_request, reply) {
    page ??= docsPage(await app.openApiDocument());
    return reply
      .header('Content-Security-Policy', PAGE_CSP)
      .header('Cache-Control', 'no-cache')
      .type('text/html; charset=utf-8')
      .send(page);
  });
  app.get(CSS_PATH, async function getDocsCss(_request, reply) {
    return reply.header('Cache-Control', 'public, max-age=3600').type('text/css; charset=utf-8').send(CSS);
  });
}
