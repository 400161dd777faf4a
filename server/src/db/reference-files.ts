/**
 * Files the server reads at run time from server/src/db/reference, which the build copies beside the bundle
 * (dist/server/reference): resolved from this module, so the same path works from the sources and the bundle.
 */
export const referenceFile = (relative: string): URL => new URL(`./reference/${relative}`, import.meta.url);
