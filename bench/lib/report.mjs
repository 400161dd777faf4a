// The bench's figures: printed as they come, then as one table, and written to bench/results/<date>.json.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

export class Report {
  rows = [];

  /** `target` is { max } or { min }; the table marks whether the value meets it. */
  add(name, value, unit, target) {
    const row = { name, value, unit, ...(target ? { target } : {}) };
    this.rows.push(row);
    console.log(`  ${name}: ${value} ${unit}`);
    return row;
  }

  static meets(row) {
    if (!row.target) return null;
    const value = Number(row.value);
    return (
      (row.target.min === undefined || value >= row.target.min) &&
      (row.target.max === undefined || value <= row.target.max)
    );
  }

  print() {
    const width = Math.max(...this.rows.map((row) => row.name.length));
    const targetOf = (row) =>
      !row.target ? '' : row.target.min !== undefined ? `>= ${row.target.min}` : `<= ${row.target.max}`;
    console.log(`\n${'figure'.padEnd(width)}  ${'value'.padStart(10)}  unit         target`);
    console.log('-'.repeat(width + 40));
    for (const row of this.rows) {
      const met = Report.meets(row);
      const mark = met === null ? '' : met ? ' ok' : ' MISSED';
      console.log(
        `${row.name.padEnd(width)}  ${String(row.value).padStart(10)}  ${row.unit.padEnd(11)}  ${targetOf(row)}${mark}`,
      );
    }
  }

  write(extra) {
    const dir = path.resolve('bench/results');
    fs.mkdirSync(dir, { recursive: true });
    const stamp = new Date().toISOString().replace(/:/g, '-').replace(/\..*/, '');
    const file = path.join(dir, `${stamp}.json`);
    const machine = {
      cpus: os.cpus().length,
      cpu: os.cpus()[0]?.model,
      node: process.version,
      load: os.loadavg(),
    };
    fs.writeFileSync(
      file,
      JSON.stringify({ date: new Date().toISOString(), machine, rows: this.rows, ...extra }, null, 2),
    );
    return file;
  }
}
