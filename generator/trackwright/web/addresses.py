"""Which addresses phones can reach this computer at, found without sending anything.

The hostname lookup often answers 127.0.1.1 (the usual Debian and Ubuntu hosts file) or nothing
at all, so it is only one of the sources: on Linux every interface's IPv4 address is read
(``SIOCGIFADDR``), the interface of the default route first; elsewhere, or if that fails, the
addresses the hostname resolves to. Loopback and link-local addresses are left out.
"""

from __future__ import annotations

import ipaddress
import socket
import struct
from pathlib import Path

SIOCGIFADDR = 0x8915  # Linux


def _default_route_interface() -> str | None:
    try:
        lines = Path("/proc/net/route").read_text("ascii").splitlines()[1:]
    except OSError:
        return None
    for line in lines:
        fields = line.split()
        if len(fields) > 2 and fields[1] == "00000000":
            return fields[0]
    return None


def _interface_addresses() -> dict[str, str]:
    found: dict[str, str] = {}
    try:
        import fcntl  # not on Windows

        names = [name for _index, name in socket.if_nameindex()]
    except (ImportError, OSError, AttributeError):
        return found
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        for name in names:
            request = struct.pack("256s", name.encode()[:15])
            try:
                answer = fcntl.ioctl(probe.fileno(), SIOCGIFADDR, request)
            except OSError:
                continue
            found[name] = socket.inet_ntoa(answer[20:24])
    return found


def _reachable(address: str) -> bool:
    try:
        ip = ipaddress.ip_address(address)
    except ValueError:
        return False
    return not (ip.is_loopback or ip.is_link_local or ip.is_unspecified or ip.is_multicast)


def lan_addresses() -> list[str]:
    """This computer's addresses on its networks, the most likely one first (never raises)."""
    interfaces = _interface_addresses()
    first = _default_route_interface()
    ordered = sorted(interfaces.items(), key=lambda item: (item[0] != first, item[0]))
    candidates = [address for _name, address in ordered]
    try:
        infos = socket.getaddrinfo(socket.gethostname(), None, socket.AF_INET)
        candidates += [str(info[4][0]) for info in infos]
    except (OSError, UnicodeError):
        pass
    return [a for a in dict.fromkeys(candidates) if _reachable(a)]


def is_loopback(host: str) -> bool:
    """A bind address that only this computer can reach."""
    if host in ("localhost", ""):
        return True
    try:
        return ipaddress.ip_address(host.strip("[]")).is_loopback
    except ValueError:
        return False
