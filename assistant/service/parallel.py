"""Work on many stored games at once, on every core: worker processes that each open the
history once and take chunks of game ids, their answers given back in the order the chunks
were made (``db check --full``'s replay, ``export --all --format json``).

>>> from assistant.service.parallel import workers
>>> workers(1)
1
"""

from __future__ import annotations

import os
from collections import deque
from collections.abc import Callable, Iterable, Iterator
from typing import Any, TypeVar

from assistant.store.db import Store

Job = TypeVar("Job")
Answer = TypeVar("Answer")

#: The history as a worker process opened it (:func:`open_store`).
_STORE: Store | None = None


def workers(wanted: int | None = None) -> int:
    """How many worker processes: ``wanted``, else one a core."""
    return max(1, wanted or os.cpu_count() or 1)


def open_store(url: str) -> None:
    """A worker's initializer: open the history once (its own engine and connections)."""
    global _STORE
    _STORE = Store.open(url)


def worker_store() -> Store:
    """The history this worker process opened."""
    assert _STORE is not None, "not in a worker process of assistant.service.parallel"
    return _STORE


def pool(url: str, count: int) -> Any:
    """A process pool of ``count`` workers that each open the history at ``url`` (forked where
    the system can: the rules and the catalogues are already loaded)."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor

    context = multiprocessing.get_context("fork" if "fork" in multiprocessing.get_all_start_methods() else None)
    return ProcessPoolExecutor(count, mp_context=context, initializer=open_store, initargs=(url,))


def id_chunks(store: Store, size: int, after: int = 0) -> Iterator[list[int]]:
    """Every game id above ``after`` in chunks of ``size``, in order of id, each chunk read in
    a short read transaction of its own (none stays open while the workers replay)."""
    from assistant.store import listing

    while True:
        with store.read() as session:
            ids = listing.game_ids_from(session, after, size)
        if not ids:
            return
        yield ids
        after = ids[-1]


def ordered_map(url: str, jobs: Iterable[Job], work: Callable[[Job], Answer], count: int) -> Iterator[Answer]:
    """``work(job)`` for each job in worker processes, the answers in the order of the jobs,
    at most ``3 * count`` jobs in flight (memory does not grow with the jobs). Jobs not yet
    started are cancelled when the caller stops early (a pager quit, Ctrl-C)."""
    with pool(url, count) as executor:
        flight: deque[Any] = deque()
        try:
            for job in jobs:
                flight.append(executor.submit(work, job))
                if len(flight) >= 3 * count:
                    yield flight.popleft().result()
            while flight:
                yield flight.popleft().result()
        finally:
            for future in flight:
                future.cancel()
