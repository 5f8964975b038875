"""Addresses as a browser reads them: which host names and IP spellings
are loopback (public_url must not be one), and which IP address a name
spells; the host `serve` binds; the networks of trusted proxies.
search.config checks settings with them; the web layer asks
is_loopback_host of a request's Host."""
from __future__ import annotations

import ipaddress
import re

from onrecord.search.errors import ConfigError

# A host name `serve` may bind: dot-separated labels of letters, digits and
# inner hyphens (RFC 1123), at most 253 characters in all.
_HOST_NAME = re.compile(r"(?=.{1,253}\.?$)(?!-)[a-z0-9-]{1,63}(?<!-)(?:\.(?!-)[a-z0-9-]{1,63}(?<!-))*\.?",
                        re.IGNORECASE)


def is_loopback_host(host: str) -> bool:
    """Return True for 'localhost' (and its subdomains), 127.0.0.0/8, ::1
    and the unspecified addresses 0.0.0.0 and ::, however a browser would
    read them: IPv4 in short, hex, octal or one-number forms ('127.1',
    '0x7f000001', '2130706433'), or mapped into IPv6 ('::ffff:127.0.0.1')."""
    name = host.strip("[]").rstrip(".").lower()
    if name == "localhost" or name.endswith(".localhost"):
        return True
    address = parse_ip(name)
    if address is None:
        return False
    if isinstance(address, ipaddress.IPv6Address) and address.ipv4_mapped is not None:
        address = address.ipv4_mapped
    return address.is_loopback or address.is_unspecified


def parse_ip(name: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    """Return the IP address `name` stands for, None if it is a host name.
    IPv4 is read as browsers read it (the WHATWG URL standard, like
    inet_aton): one to four dot-separated numbers, each decimal, 0x-hex or
    0-led octal, the last filling the bytes left ('127.1' is 127.0.0.1)."""
    try:
        return ipaddress.ip_address(name)
    except ValueError:
        pass
    parts = name.split(".")
    if not 1 <= len(parts) <= 4:
        return None
    numbers = [_ipv4_number(part) for part in parts]
    if any(n is None for n in numbers):
        return None
    *leading, last = [n for n in numbers if n is not None]
    if any(n > 255 for n in leading) or last >= 256 ** (5 - len(numbers)):
        return None
    value = last + sum(n << (8 * (3 - i)) for i, n in enumerate(leading))
    return ipaddress.IPv4Address(value)


def _ipv4_number(part: str) -> int | None:
    """Return one part of an IPv4 address (decimal, 0x-hex, 0-led octal),
    None if it is not a number."""
    digits, base = part, 10
    if part[:2] in ("0x", "0X"):
        digits, base = part[2:] or "0", 16
    elif len(part) > 1 and part.startswith("0"):
        digits, base = part[1:], 8
    # The length cap keeps int() away from huge digit strings.
    if not digits or len(digits) > 12 or not all(c in "0123456789abcdef"[:base] for c in digits.lower()):
        return None
    return int(digits, base)


def parse_host(raw: str, label: str = "--host") -> str:
    """Return the address `serve` binds, checked: an IP address (brackets
    around IPv6 dropped) or a host name.  Raises ConfigError naming
    `label` (a bad address would otherwise fail deep in the server)."""
    value = raw.strip()
    bare = value[1:-1] if value.startswith("[") and value.endswith("]") else value
    try:
        return str(ipaddress.ip_address(bare))
    except ValueError:
        pass
    if _HOST_NAME.fullmatch(value):
        return value
    raise ConfigError(f"{label}={raw!r} is not an address or host name to listen on "
                      "(like 127.0.0.1, ::1 or localhost)")


def parse_networks(raw: str, label: str = "trusted_proxies") -> list[ipaddress.IPv4Network | ipaddress.IPv6Network]:
    """Return the comma-separated addresses and networks in `raw` ("10.0.0.1,
    10.1.0.0/16, ::1"; an address is a network of one).  Raises ConfigError
    naming `label` for an item that is neither."""
    networks = []
    for item in (part.strip() for part in raw.split(",")):
        if not item:
            continue
        try:
            networks.append(ipaddress.ip_network(item, strict=False))
        except ValueError:
            raise ConfigError(f"{label}: {item!r} is not an IP address or network like 10.0.0.0/8") from None
    return networks
