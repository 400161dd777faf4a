/**
 * Business time is Asia/Shanghai. China has kept UTC+8 without daylight saving since 1991,
 * so a fixed offset gives the same answers as a time-zone database, with no dependence on the host's zone.
 */
export const SHANGHAI_OFFSET_MS = 8 * 60 * 60 * 1000;

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

interface ShanghaiParts {
  year: number;
  /** 1-12 */
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

export function shanghaiParts(epochMs: number): ShanghaiParts {
  const d = new Date(epochMs + SHANGHAI_OFFSET_MS);
  return {
    year: d.getUTCFullYear(),
    month: d.getUTCMonth() + 1,
    day: d.getUTCDate(),
    hour: d.getUTCHours(),
    minute: d.getUTCMinutes(),
    second: d.getUTCSeconds(),
  };
}

/** YYYY-MM-DD */
export function shanghaiDate(epochMs: number): string {
  const p = shanghaiParts(epochMs);
  return `${p.year}-${pad(p.month)}-${pad(p.day)}`;
}

/** YYYY-MM-DD HH:mm:ss, as a person in China reads it in a spreadsheet. */
export function shanghaiDateTime(epochMs: number): string {
  const p = shanghaiParts(epochMs);
  return `${shanghaiDate(epochMs)} ${pad(p.hour)}:${pad(p.minute)}:${pad(p.second)}`;
}

/** YYYYMMDDHHmmss, for file names. */
export function shanghaiStamp(epochMs: number): string {
  return shanghaiDateTime(epochMs).replace(/\D/g, '');
}

const DAY_MS = 24 * 60 * 60 * 1000;

/** The epoch ms at which the Shanghai calendar day holding `epochMs` starts (00:00 in Shanghai). */
export function shanghaiDayStart(epochMs: number): number {
  const local = epochMs + SHANGHAI_OFFSET_MS;
  return local - (local % DAY_MS) - SHANGHAI_OFFSET_MS;
}

/** The epoch ms at which a Shanghai calendar month starts; `month` may run past 1-12 (Date.UTC normalises). */
export function shanghaiMonthStart(year: number, month: number): number {
  return Date.UTC(year, month - 1, 1) - SHANGHAI_OFFSET_MS;
}

/** YYYY-MM of a month given as (year, month) with month possibly out of 1-12. */
export function monthKey(year: number, month: number): string {
  const d = new Date(Date.UTC(year, month - 1, 1));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}`;
}

/** ISO 8601 in UTC: how times travel on the wire. */
export const isoTime = (epochMs: number): string => new Date(epochMs).toISOString();
