#!/usr/bin/env python3
"""Holds connections open against a loopback HTTP server for a bounded time.

    hold.py PORT --idle 200 --slow 50 --seconds 20

Idle connections send nothing; slow-header ones send the start of a request head and
then one more byte every second, never finishing it. A connection the server closes is
opened again, so that the count stays up for the whole time. Loopback only (127.0.0.1).
At the end it prints how many connections were opened, closed by the server, and failed.
"""
import argparse
import asyncio
import time

HOST = "127.0.0.1"


async def hold(kind, port, deadline, stats):
    while time.monotonic() < deadline:
        try:
            reader, writer = await asyncio.open_connection(HOST, port)
        except OSError:
            stats["failed"] += 1
            await asyncio.sleep(0.2)
            continue
        stats["opened"] += 1
        try:
            if kind == "slow":
                writer.write(b"GET / HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
            while time.monotonic() < deadline:
                if kind == "slow":
                    writer.write(b"a")
                    await writer.drain()
                try:
                    data = await asyncio.wait_for(reader.read(4096), timeout=1.0)
                except asyncio.TimeoutError:
                    continue
                if not data:
                    stats["closed"] += 1
                    break
        except OSError:
            stats["closed"] += 1
        finally:
            writer.close()


async def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("port", type=int)
    parser.add_argument("--idle", type=int, default=200)
    parser.add_argument("--slow", type=int, default=50)
    parser.add_argument("--seconds", type=float, default=20)
    args = parser.parse_args()
    if args.seconds > 600:
        raise SystemExit("at most 600 seconds")
    deadline = time.monotonic() + args.seconds
    stats = {"opened": 0, "closed": 0, "failed": 0}
    tasks = [hold("idle", args.port, deadline, stats) for _ in range(args.idle)]
    tasks += [hold("slow", args.port, deadline, stats) for _ in range(args.slow)]
    await asyncio.gather(*tasks)
    print(f"held {args.idle} idle + {args.slow} slow-header: opened {stats['opened']}, "
          f"closed by the server {stats['closed']}, failed {stats['failed']}")


asyncio.run(main())
