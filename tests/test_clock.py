"""The virtual and real clocks that every timed part of the board runs on."""

import threading

import pytest

from firmware_host.clock import RealClock, VirtualClock


def test_virtual_clock_runs_callbacks_in_time_order_at_their_due_time():
    clock = VirtualClock()
    seen = []
    clock.call_later(0.3, lambda: seen.append(("b", clock.now())))
    clock.call_later(0.1, lambda: seen.append(("a", clock.now())))
    clock.advance(0.2)
    assert seen == [("a", 0.1)]
    clock.advance(1.0)
    assert seen == [("a", 0.1), ("b", 0.3)]
    assert clock.now() == pytest.approx(1.2)


def test_virtual_clock_cancelled_callback_never_runs_and_nested_schedule_runs_when_due():
    clock = VirtualClock()
    seen = []
    h = clock.call_later(0.1, lambda: seen.append("cancelled"))
    h.cancel()
    clock.call_later(0.1, lambda: clock.call_later(0.1, lambda: seen.append(clock.now())))
    clock.advance(0.5)
    assert seen == [pytest.approx(0.2)]
    with pytest.raises(ValueError):
        clock.advance(-1)


def test_real_clock_runs_callback_on_its_thread():
    clock = RealClock()
    done = threading.Event()
    clock.call_later(0.01, done.set)
    assert done.wait(2.0)
    clock.close()


def test_real_clock_logs_a_failing_callback_with_its_traceback_and_keeps_running(caplog):
    clock = RealClock()
    done = threading.Event()

    def fail():
        raise RuntimeError("tile reader went away")

    with caplog.at_level("ERROR", logger="firmware_host.clock"):
        clock.call_later(0.0, fail)
        clock.call_later(0.01, done.set)
        assert done.wait(5.0)
    clock.close()
    records = [r for r in caplog.records if r.name == "firmware_host.clock"]
    assert len(records) == 1 and records[0].levelname == "ERROR"
    assert records[0].exc_info is not None and records[0].exc_info[0] is RuntimeError


def test_real_clock_does_not_swallow_system_exit():
    errors = []
    clock = RealClock(on_error=errors.append)
    seen = []
    previous = threading.excepthook
    threading.excepthook = lambda args: seen.append(args.exc_type)
    try:
        clock.call_later(0.0, lambda: (_ for _ in ()).throw(SystemExit(3)))
        clock._thread.join(5.0)
    finally:
        threading.excepthook = previous
        clock.close()
    assert errors == []
    assert not clock._thread.is_alive()


def test_interactive_commands_error_handler_logs_one_line_without_traceback(caplog):
    from firmware_host.clock import log_without_traceback

    clock = RealClock(on_error=log_without_traceback)
    done = threading.Event()

    def fail():
        raise OSError("reader gone")

    with caplog.at_level("ERROR", logger="firmware_host.clock"):
        clock.call_later(0.0, fail)
        clock.call_later(0.01, done.set)
        assert done.wait(5.0)
    clock.close()
    [record] = [r for r in caplog.records if r.name == "firmware_host.clock"]
    assert record.exc_info is None and record.getMessage() == "timer callback failed: OSError: reader gone"


def test_real_clock_counts_from_its_origin_and_keeps_its_timers_on_real_time():
    """A run's own clock (simulate's interactive board, SIMULATE.md): ``now`` from 0 at the
    origin; a timer still fires after its delay."""
    import time
    clock = RealClock(origin=time.monotonic())
    assert 0.0 <= clock.now() < 1.0
    done = threading.Event()
    clock.call_later(0.01, done.set)
    assert done.wait(2.0)
    assert RealClock().now() == pytest.approx(time.monotonic(), abs=1.0)
    clock.close()
