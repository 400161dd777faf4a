import net from 'node:net';

const LOOPBACK = ['127.0.0.0/8', '::1/128'];
/** A dual-stack socket reports IPv4 peers as `::ffff:a.b.c.d`. */
const IPV4_MAPPED = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i;

/** `10.0.0.7`, `::1`, `10.0.0.0/8` or `fd00::/8`: an address, or a block with a prefix its family allows. */
export function isAddressOrBlock(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = net.isIP(address);
  if (family === 0 || rest.length > 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= (family === 4 ? 32 : 128));
}

/** Loopback plus `blocks` (validated by isAddressOrBlock), as one address test. */
export function addressRule(blocks: readonly string[]): (address: string | undefined) => boolean {
  const allowed = new net.BlockList();
  for (const entry of [...LOOPBACK, ...blocks]) {
    const [address = '', prefix] = entry.split('/');
    const type = net.isIP(address) === 6 ? 'ipv6' : 'ipv4';
    if (prefix === undefined) allowed.addAddress(address, type);
    else allowed.addSubnet(address, Number(prefix), type);
  }
  return (address) => {
    if (!address) return false;
    const plain = IPV4_MAPPED.exec(address)?.[1] ?? address;
    const family = net.isIP(plain);
    return family !== 0 && allowed.check(plain, family === 6 ? 'ipv6' : 'ipv4');
  };
}

export const isLoopbackAddress = addressRule([]);

/** A listen address or Host name that only this machine reaches: `localhost`, 127.0.0.0/8, `::1`, `[::1]`. */
export const isLoopbackHost = (host: string): boolean =>
  host.toLowerCase() === 'localhost' || isLoopbackAddress(host.replace(/^\[(.*)\]$/, '$1'));
