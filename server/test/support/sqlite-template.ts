import fs from 'node:fs';
import path from 'node:path';
import crypto from 'node:crypto';
import { fileURLToPath } from 'node:url';
import type SQLite from 'better-sqlite3';

/**
 * Seeded databases made once and copied: building a test app migrates an in-memory SQLite database and seeds
 * the demo through the modules' commands, most of a second each time. The first app of a configuration (and
 * start time: the seed dates its rows) in this test run is built that way and its database serialised; later
 * apps of the same configuration open a copy of that image instead (better-sqlite3 deserialises a buffer into
 * a new in-memory database), find every migration run and the demo there, and skip both. What the app does
 * beyond its database at start-up is done for every app alike.
 *
 * setup.ts wraps better-sqlite3's constructor so that the next `:memory:` database opened takes the image
 * offered here; the images live in memory for this test file and in the run's folder (sqlite-template-global-
 * setup.ts) for the other files of the run.
 */
interface TemplateState {
  /** The image the next in-memory database opened starts from. */
  pending: Buffer | null;
  /** In-memory databases opened since `recording` began. */
  opened: SQLite.Database[] | null;
}

const STATE_KEY = Symbol.for('chain-bill.sqlite-template');
type WithState = typeof globalThis & { [STATE_KEY]?: TemplateState };

export function templateState(): TemplateState {
  const global = globalThis as WithState;
  return (global[STATE_KEY] ??= { pending: null, opened: null });
}

/** The images of this file, by key. */
const images = new Map<string, Buffer>();

const SOURCE = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src');

/** The newest change to the server's source: an image made before it (a watched run) is not used after. */
function sourceStamp(): number {
  let newest = 0;
  for (const entry of fs.readdirSync(SOURCE, { recursive: true, withFileTypes: true })) {
    if (entry.isFile())
      newest = Math.max(newest, fs.statSync(path.join(entry.parentPath, entry.name)).mtimeMs);
  }
  return newest;
}

let stamp: number | undefined;

function imagePath(key: string): string | null {
  const folder = process.env.CHAIN_BILL_SQLITE_TEMPLATES;
  if (!folder) return null;
  stamp ??= sourceStamp();
  const name = crypto.createHash('sha256').update(`${stamp}\n${key}`).digest('hex').slice(0, 32);
  return path.join(folder, `${name}.sqlite`);
}

function imageOf(key: string): Buffer | null {
  const known = images.get(key);
  if (known) return known;
  const file = imagePath(key);
  if (!file || !fs.existsSync(file)) return null;
  const image = fs.readFileSync(file);
  images.set(key, image);
  return image;
}

function keep(key: string, image: Buffer): void {
  images.set(key, image);
  const file = imagePath(key);
  if (!file || fs.existsSync(file)) return;
  // Written whole under another name, then renamed: another worker never reads half an image.
  const partial = `${file}.${process.pid}.partial`;
  fs.writeFileSync(partial, image);
  fs.renameSync(partial, file);
}

/** The build recording its databases now: one at a time, since the opened databases are told apart by order. */
let recording: Promise<unknown> = Promise.resolve();

/**
 * Builds with `build` on a copy of the image made for `key` when there is one; otherwise builds on a fresh
 * database and keeps the image of the one in-memory database the build opened, as it stands once built.
 * Apps started side by side (`Promise.all`) take turns at building: the second of one configuration then
 * finds the first one's image and copies it.
 */
export async function buildFromTemplate<T>(key: string, build: () => Promise<T>): Promise<T> {
  const turn = recording.then(() => buildInTurn(key, build));
  recording = turn.catch(() => undefined);
  return turn;
}

async function buildInTurn<T>(key: string, build: () => Promise<T>): Promise<T> {
  const state = templateState();
  const image = imageOf(key);
  if (image) {
    state.pending = image;
    try {
      return await build();
    } finally {
      state.pending = null;
    }
  }
  state.opened = [];
  let built: T;
  let opened: SQLite.Database[];
  try {
    built = await build();
  } finally {
    opened = state.opened;
    state.opened = null;
  }
  if (opened.length === 1) keep(key, opened[0]!.serialize());
  return built;
}
