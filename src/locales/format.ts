import { numberText } from '@contract/number-format';

/**
 * Fills `{name}` placeholders of a catalogue text. A number is written as the platform locale writes it
 * (`共 {total} 条` -> 共 4,060 条); what must read as digits alone (a year, a code) is passed as a string.
 */
export function format(template: string, values: Record<string, string | number>): string {
  return template.replace(/\{(\w+)\}/g, (all, key: string) => {
    if (!(key in values)) return all;
    const value = values[key];
    return typeof value === 'number' ? numberText(value) : String(value);
  });
}
