"""Which address the server listens on: the one the user names, or the machine's one address
on the local network, never every interface (``0.0.0.0``) unless asked for by name.

>>> listen_address("127.0.0.1")
'127.0.0.1'
>>> listen_address("not an address")
Traceback (most recent call last):
...
ValueError: 'not an address' is not an IP address of this machine's form (e.g. 192.168.1.20)
"""

from __future__ import annotations

import ipaddress
import socket

#: Where the server listens when no LAN address is found: this machine only.
LOOPBACK = "127.0.0.1"


def lan_address() -> str | None:
    """This machine's address on its local network: the source address of the route out
    (no packet is sent: connecting a UDP socket only picks the route), or ``None`` when there
    is no network, or only the loopback."""
    try:
        with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
            probe.connect(("192.0.2.1", 9))  # TEST-NET-1 (RFC 5737): never answered
            found = str(probe.getsockname()[0])
    except OSError:
        return None
    address = ipaddress.ip_address(found)
    return None if address.is_loopback or address.is_unspecified else found


def listen_address(requested: str | None) -> str:
    """The address to listen on: ``requested`` when given (checked to be an IP address), else
    the LAN address found, else the loopback."""
    if requested is None:
        return lan_address() or LOOPBACK
    try:
        return str(ipaddress.ip_address(requested.strip()))
    except ValueError:
        raise ValueError(f"'{requested}' is not an IP address of this machine's form (e.g. 192.168.1.20)") from None


def allowed_hosts(address: str) -> list[str]:
    """The Host header values a page may be asked for under (no port): the address listened
    on, and the loopback names when it is the loopback or every interface. A request naming any
    other host (DNS rebinding, a page of another site) is refused."""
    hosts = [address]
    ip = ipaddress.ip_address(address)
    if ip.is_loopback or ip.is_unspecified:
        hosts += ["127.0.0.1", "localhost", "[::1]"]
    if ip.is_unspecified and (found := lan_address()):
        hosts.append(found)
    return sorted(set(hosts))
