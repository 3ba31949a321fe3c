// Runtime-agnostic (Node and Deno): no node:* imports.

/**
 * What per-address limits (the AI quota, auth's rate limits) count an address as: an IPv4 address as it is (also when IPv4-mapped), an IPv6
 * address by its /64, the block one subscriber usually holds whole (counting single IPv6 addresses
 * would let one machine take a fresh address per request). Null when it is not an IP address.
 */
export function addressKey(address: string): string | null {
  const text = address.trim().toLowerCase();
  const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/.exec(text);
  if (mapped) return ipv4(mapped[1]!);
  if (!text.includes(':')) return ipv4(text);
  const groups = ipv6Groups(text.replace(/%.*$/, ''));
  return groups ? `${groups.slice(0, 4).join(':')}::/64` : null;
}

function ipv4(text: string): string | null {
  const parts = text.split('.');
  if (parts.length !== 4) return null;
  const octets = parts.map((part) => (/^\d{1,3}$/.test(part) ? Number(part) : NaN));
  return octets.every((octet) => octet <= 255) ? octets.join('.') : null;
}

/** The eight groups of an IPv6 address, without leading zeros; null when it is not one. */
function ipv6Groups(text: string): string[] | null {
  const halves = text.split('::');
  if (halves.length > 2) return null;
  const split = (half: string | undefined) => (half ? half.split(':') : []);
  const head = split(halves[0]);
  const tail = split(halves[1]);
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return null;
  const groups = [...head, ...Array<string>(halves.length === 2 ? missing : 0).fill('0'), ...tail];
  if (!groups.every((group) => /^[0-9a-f]{1,4}$/.test(group))) return null;
  return groups.map((group) => parseInt(group, 16).toString(16));
}
