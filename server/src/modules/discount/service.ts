/**
 * The discount module's entry for other modules: 我的贴现 as the export centre reads and writes it.
 */
export { DISCOUNT_SHEET, discountBatches, discountCount, discountFilterOf } from './queries';
