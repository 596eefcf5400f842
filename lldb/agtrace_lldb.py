"""agtrace's lldb recorder: records AttributeGraph activity into a file `agtrace import` reads.

Load it once per session (or from ~/.lldbinit):
    command script import /path/to/agtrace_lldb.py
(`agtrace lldb-script --output /path/to/agtrace_lldb.py` writes this file out of the binary.)

Then, with the app stopped in lldb:
    agtrace record --output /tmp/tap.lldb     breakpoints on the engine, one line per hit
    agtrace record --cycles [--every]         also stops at the engine's print_cycle (a cycle)
    agtrace record --status                   hits so far, per kind
    agtrace record --stop [--dump [NAME]]     removes the breakpoints, closes the file
    agtrace dump [NAME]                       calls the engine's ...GraphArchiveJSON(NAME)

The file (format `agtrace-lldb-record`, version 1), one line each, fields separated by one space:
    agtrace-lldb-record 1 prefix=IAG arch=x86_64 clock=monotonic_ns kinds=update,...
    <time_ns> <thread> <kind> <symbol> <attribute|-> <input|->
    ...
    exit <time_ns> status=<S> hits=<N>       when the app calls exit() while recording
    crash <time_ns> hits=<N> <reason>        at --stop, when the app is stopped by a crash
    stop <time_ns> hits=<N>
With --cycles the header's version is 2 and ends with ` cycles=first` (or `cycles=every`), and
each stop at the engine's print_cycle (a cycle detected) writes
    cycle <time_ns> <thread> <K> <attribute|-> <dump path|->
    cycle-stack <K> <a line of the engine's stack/text description>   (#0: 1048 Body -> Value)
K counts the cycles from 1; the stack lines and the dump (...GraphArchiveJSON of that moment,
written beside the recording as <name>-cycle-K.ag-json) come at the first cycle only, or at
each with --every. Cycle lines are not hits (hits=N does not count them).
time_ns is the debugger's monotonic clock when the hit's callback ran; thread is lldb's thread
index (`thread #N`); attribute and input are decimal 32-bit ids read from the argument
registers at function entry (x86-64: rdi, rsi, rdx; arm64: x0, x1, x2). N counts the hits
written before the line. The `exit` line is written by a breakpoint on the C library's exit()
(S is its argument: the app's exit status); the `stop` line only by `agtrace record --stop`,
after a `crash` line when the app is stopped by a crash then (lldb's stop reason).
A file with neither was cut short (lldb quit, the debugger or the app crashed: a crash calls
no exit()), and `agtrace import` refuses to count it as complete.
"""

import os
import shlex
import time

import lldb

FORMAT = "agtrace-lldb-record"
VERSION = 1
CYCLES_VERSION = 2  # the version of a recording with cycle lines (--cycles)
PREFIXES = ("AG", "OAG", "IAG")


class Kind:
    """One event kind: where to break and which arguments hold the attribute and the input."""

    def __init__(self, name, symbol, attribute=None, input=None, regex=None, engine=True):
        self.name = name
        self.symbol = symbol  # written into the file; `{P}` is the engine prefix
        self.attribute = attribute  # 0-based argument index (a C++ member's argument 0 is `this`)
        self.input = input
        self.regex = regex  # set by regex instead of by name (templates, Swift)
        self.engine = engine  # an engine function (prefixed) rather than SwiftUI's

    def name_for(self, prefix):
        return self.symbol.replace("{P}", prefix)


# The functions of the breakpoint-log format page, in the order `--kinds` lists them.
KINDS = [
    Kind("invalidate", "{P}GraphInvalidateValue", attribute=0),
    Kind("propagate_dirty", "{P}::Graph::propagate_dirty", attribute=1),
    Kind("update", "{P}::Graph::update_attribute", attribute=1),
    Kind("add_input", "{P}::Graph::add_input", attribute=1, input=2),
    Kind("add_output", "{P}::Graph::add_output_edge", attribute=1, input=2, regex=r"^{P}::Graph::add_output_edge<"),
    Kind("read", "{P}GraphGetValue", attribute=0),
    # The attribute of these two is their return value, which a breakpoint at entry cannot see.
    Kind("current", "{P}GraphGetCurrentAttribute"),
    Kind("create", "{P}GraphCreateAttribute"),
    Kind("state_write", "SwiftUI.StoredLocationBase.set", regex=r"^SwiftUI\.StoredLocationBase.*\.set\(", engine=False),
    Kind("transaction", "SwiftUI.GraphHost.flushTransactions", regex=r"^SwiftUI\.GraphHost\.flushTransactions\(",
         engine=False),
]
KINDS_BY_NAME = {k.name: k for k in KINDS}
DEFAULT_KINDS = ["invalidate", "propagate_dirty", "update", "add_input"]

# Where the engine reports a cycle: AG::Graph::print_cycle(AG::data::ptr<AG::Node>) const, the
# attribute in argument 1 (w1 / esi). Apple's mangled name, should lldb not match the plain one.
CYCLE_SYMBOL = "{P}::Graph::print_cycle"
CYCLE_MANGLED = {"AG": "_ZNK2AG5Graph11print_cycleENS_4data3ptrINS_4NodeEEE"}
CYCLE_ATTRIBUTE = 1

# The engine's update stack as text: {P}GraphDescription(NULL, {"format": "stack/text"}), a
# CFString copied into a buffer of ours. Every function is cast (without debug info, as in
# Apple's framework, lldb knows no prototype).
DESCRIPTION_BYTES = 1 << 20
DESCRIPTION = (
    "const void *agtrace_key = ((const void *(*)(const void *, const char *, unsigned int))CFStringCreateWithCString)"
    "(0, \"format\", 0x08000100u); "
    "const void *agtrace_value = ((const void *(*)(const void *, const char *, unsigned int))CFStringCreateWithCString)"
    "(0, \"stack/text\", 0x08000100u); "
    "const void *agtrace_options = ((const void *(*)(const void *, const void **, const void **, long, const void *, "
    "const void *))CFDictionaryCreate)(0, &agtrace_key, &agtrace_value, 1, (const void *){keys}, (const void *){values}); "
    "const void *agtrace_text = ((const void *(*)(const void *, const void *)){P}GraphDescription)(0, agtrace_options); "
    "char *agtrace_buffer = (char *)((void *(*)(unsigned long))malloc)({bytes}ul); "
    "if (agtrace_buffer) {{ agtrace_buffer[0] = 0; if (agtrace_text) ((unsigned char (*)(const void *, char *, long, "
    "unsigned int))CFStringGetCString)(agtrace_text, agtrace_buffer, {bytes}, 0x08000100u); }} "
    "((void (*)(const void *))CFRelease)(agtrace_options); ((void (*)(const void *))CFRelease)(agtrace_value); "
    "((void (*)(const void *))CFRelease)(agtrace_key); "
    "agtrace_buffer"
)

ARGUMENT_REGISTERS = {
    "x86_64": ("rdi", "rsi", "rdx", "rcx", "r8", "r9"),
    "arm64": ("x0", "x1", "x2", "x3", "x4", "x5", "x6", "x7"),
}

USAGE = """\
agtrace record [--output FILE] [--kinds K,K,...] [--prefix AG|OAG|IAG] [--cycles [--every]]
    Sets auto-continuing breakpoints on the engine's functions and appends one line per hit to
    FILE (default: ./agtrace-YYYYmmdd-HHMMSS.lldb, or in $TMPDIR when . is not writable).
    Kinds: {kinds} (default: {default}; `all` for every one; `none`
    with --cycles).
    --cycles: also stops at the engine's print_cycle (a cycle detected): writes the attribute of
    every cycle, and at the first (each with --every) the engine's stack/text description and a
    dump of that moment, FILE's name + -cycle-K.ag-json beside FILE; then the app goes on.
agtrace record --status           hits recorded so far, per kind
agtrace record --stop [--dump [NAME]]
    Removes the breakpoints, writes the final `stop` line and closes the file; with --dump,
    first calls the engine's ...GraphArchiveJSON(NAME) so the run and the dump are of one moment.
agtrace dump [NAME]               calls ...GraphArchiveJSON(NAME) (default agtrace-YYYYmmdd-HHMMSS.ag-json)
Then: agtrace import FILE && agtrace report dirty-walks --run LABEL
""".format(kinds=", ".join(k.name for k in KINDS), default=",".join(DEFAULT_KINDS))


class UsageError(Exception):
    pass


class Recording:
    """An open recording: its file, its breakpoints (by id) and its counts."""

    def __init__(self, path, handle, prefix, arch, kinds):
        self.path = path
        self.file = handle
        self.prefix = prefix
        self.registers = ARGUMENT_REGISTERS[arch]
        self.kinds = kinds
        self.breakpoints = {}  # breakpoint id -> (Kind, symbol as written)
        self.counts = {k.name: 0 for k in kinds}
        self.hits = 0
        self.started = time.monotonic_ns()
        self.exit_breakpoint = None  # the breakpoint on exit(), when one could be set
        self.cycle_breakpoint = None  # the breakpoint on print_cycle (--cycles)
        self.every = False  # --every: a stack and a dump at every cycle, not the first only
        self.cycles = 0
        self.dumps = []  # the dumps written at cycles, by path
        self.debugger = None


_recording = None


def _on_hit(frame, bp_loc, internal_dict):
    """A breakpoint callback: one line, no output, and False so that the process goes on."""
    rec = _recording
    if rec is None:
        return False
    entry = rec.breakpoints.get(bp_loc.GetBreakpoint().GetID())
    if entry is None:
        return False
    kind, symbol = entry
    now = time.monotonic_ns()
    attribute = _argument(frame, rec.registers, kind.attribute)
    value = _argument(frame, rec.registers, kind.input)
    thread = frame.GetThread().GetIndexID()
    rec.file.write("%d %d %s %s %s %s\n" % (now, thread, kind.name, symbol, attribute, value))
    rec.counts[kind.name] += 1
    rec.hits += 1
    return False


def _on_exit(frame, bp_loc, internal_dict):
    """The app calls exit(status): the recording ends here, with the status (False: go on)."""
    rec = _recording
    if rec is None or rec.exit_breakpoint != bp_loc.GetBreakpoint().GetID():
        return False
    status = _argument(frame, rec.registers, 0)
    if status != "-":
        status = int(status)
        status = status - (1 << 32) if status >= 1 << 31 else status  # exit()'s int
    rec.file.write("exit %d status=%s hits=%d\n" % (time.monotonic_ns(), status, rec.hits))
    return False


def _on_cycle(frame, bp_loc, internal_dict):
    """The engine found a cycle (print_cycle): the attribute, and at the first (or each, with
    --every) its update stack and a dump of this moment; then False: the app goes on."""
    rec = _recording
    if rec is None or rec.cycle_breakpoint != bp_loc.GetBreakpoint().GetID():
        return False
    rec.cycles += 1
    k = rec.cycles
    now = time.monotonic_ns()
    attribute = _argument(frame, rec.registers, CYCLE_ATTRIBUTE)
    thread = frame.GetThread().GetIndexID()
    stack, dump, said = [], "-", []
    if k == 1 or rec.every:
        stack = _stack_text(frame, rec.prefix, said)
        path = _cycle_dump_path(rec.path, k)
        if _archive(frame, rec.prefix, path, said) and os.path.exists(path):
            dump = path
            rec.dumps.append(path)
    rec.file.write("cycle %d %d %d %s %s\n" % (now, thread, k, attribute, dump))
    for line in stack:
        rec.file.write("cycle-stack %d %s\n" % (k, line))
    where = ", dump %s" % dump if dump != "-" else ""
    frames = ", %d frames" % len(stack) if stack else ""
    print("agtrace: cycle %d through attribute %s%s%s (in %s)%s"
          % (k, attribute, frames, where, rec.path, "".join("; " + s for s in said)))
    return False


def _cycle_dump_path(recording, k):
    """The dump of cycle k: beside the recording, its name + -cycle-k.ag-json."""
    directory = os.path.dirname(recording)
    return os.path.join(directory, "%s-cycle-%d.ag-json" % (_label(recording), k))


def _expression_options():
    options = lldb.SBExpressionOptions()
    options.SetLanguage(lldb.eLanguageTypeC)
    options.SetIgnoreBreakpoints(True)
    options.SetUnwindOnError(True)
    options.SetTryAllThreads(True)
    return options


def _stack_text(frame, prefix, said):
    """The engine's stack/text lines (`#0: 1048 Body -> Value`), or [] (and why, in said)."""
    options = _expression_options()
    target = frame.GetThread().GetProcess().GetTarget()
    # The dictionary callbacks are data: without debug info lldb refuses `&name` (unknown
    # type), so their addresses are looked up here and written as numbers.
    callbacks = [_data_address(target, name) for name in ("kCFTypeDictionaryKeyCallBacks", "kCFTypeDictionaryValueCallBacks")]
    if None in callbacks:
        said.append("no stack: CoreFoundation's kCFTypeDictionaryKeyCallBacks is not in the target")
        return []
    text = DESCRIPTION.replace("{P}", prefix).format(bytes=DESCRIPTION_BYTES, keys="0x%x" % callbacks[0],
                                                     values="0x%x" % callbacks[1])
    value = frame.EvaluateExpression(text, options)
    if value.GetError().Fail():
        said.append("no stack: %sGraphDescription failed: %s" % (prefix, value.GetError().GetCString()))
        return []
    address = value.GetValueAsUnsigned(0)
    if address == 0:
        said.append("no stack: no memory for it")
        return []
    error = lldb.SBError()
    text = frame.GetThread().GetProcess().ReadCStringFromMemory(address, DESCRIPTION_BYTES, error) or ""
    frame.EvaluateExpression("((void (*)(void *))free)((void *)%du)" % address, options)
    lines = [" ".join(line.split()) for line in text.splitlines()]
    lines = [line for line in lines if line]
    if not lines:
        said.append("no stack: %sGraphDescription returned no text" % prefix)
    return lines


def _data_address(target, name):
    """The load address of the data symbol `name`, or None."""
    symbols = target.FindSymbols(name)
    for k in range(symbols.GetSize()):
        symbol = symbols.GetContextAtIndex(k).GetSymbol()
        if symbol.IsValid():
            address = symbol.GetStartAddress().GetLoadAddress(target)
            if address != lldb.LLDB_INVALID_ADDRESS:
                return address
    return None


def _archive(frame, prefix, path, said):
    """Calls {P}GraphArchiveJSON(path) at this stop; whether the call went through."""
    if "\"" in path or "\\" in path:
        said.append("no dump: its path holds quotes or backslashes")
        return False
    value = frame.EvaluateExpression('((void (*)(const char *))%sGraphArchiveJSON)("%s")' % (prefix, path),
                                     _expression_options())
    error = value.GetError()
    if error.Fail() and error.GetError() != 0x1001:  # a void expression reports "no value"
        said.append("no dump: %sGraphArchiveJSON failed: %s" % (prefix, error.GetCString()))
        return False
    if not os.path.exists(path):
        said.append("no dump: %s was not written (on a device, the app cannot write beside the recording)" % path)
    return True


def _argument(frame, registers, index):
    """Argument `index` as a decimal 32-bit attribute id, or `-` (no such argument, unreadable)."""
    if index is None:
        return "-"
    register = frame.FindRegister(registers[index])
    if not register.IsValid():
        return "-"
    error = lldb.SBError()
    value = register.GetValueAsUnsigned(error, 0)
    if error.Fail():
        return "-"
    # An attribute is 32-bit: the register's upper half is whatever the caller left there.
    return str(value & 0xFFFFFFFF)


def _architecture(target):
    triple = target.GetTriple() or ""
    arch = triple.split("-")[0]
    if arch in ("x86_64", "x86_64h"):
        return "x86_64"
    if arch.startswith("arm64") or arch == "aarch64":
        return "arm64"
    raise UsageError("the target's architecture (%s) is not one the recorder reads arguments on: "
                     "x86_64 and arm64 only" % (triple or "unknown"))


def _has_function(target, name):
    if target.FindFunctions(name).GetSize() > 0:
        return True
    return target.FindSymbols(name).GetSize() > 0


def _detect_prefix(target):
    """The engine prefix whose functions the target has most of (AG, OAG or IAG), or None."""
    best, best_count = None, 0
    for prefix in PREFIXES:
        count = sum(1 for k in KINDS if k.engine and k.regex is None and _has_function(target, k.name_for(prefix)))
        if count > best_count:
            best, best_count = prefix, count
    return best


def _default_path(extension):
    name = time.strftime("agtrace-%Y%m%d-%H%M%S") + extension
    directory = os.getcwd()
    if not os.access(directory, os.W_OK):
        directory = os.environ.get("TMPDIR") or "/tmp"
    return os.path.join(directory, name)


def _set_breakpoint(debugger, target, kind, prefix):
    """Sets one breakpoint at the function's first instruction (-K false: arguments are still in
    their registers there, debug info or not). Returns it, or None when nothing matched."""
    if kind.regex:
        spec = "-r %s" % shlex.quote(kind.regex.replace("{P}", prefix))
    else:
        spec = "-n %s" % shlex.quote(kind.name_for(prefix))
    result = lldb.SBCommandReturnObject()
    debugger.GetCommandInterpreter().HandleCommand("breakpoint set %s -K false" % spec, result)
    if not result.Succeeded():
        return None
    text = result.GetOutput() or ""
    if not text.startswith("Breakpoint "):
        return None
    try:
        number = int(text[len("Breakpoint "):].split(":")[0])
    except ValueError:
        return None
    breakpoint = target.FindBreakpointByID(number)
    if not breakpoint.IsValid():
        return None
    if breakpoint.GetNumLocations() == 0:
        target.BreakpointDelete(number)
        return None
    return breakpoint


def _parse_record(args):
    options = {"output": None, "kinds": None, "prefix": None, "stop": False, "status": False,
               "dump": False, "dump_name": None, "cycles": False, "every": False}
    i = 0
    while i < len(args):
        a = args[i]
        if a in ("--output", "-o", "--kinds", "-k", "--prefix"):
            if i + 1 >= len(args):
                raise UsageError("%s needs a value" % a)
            key = {"-o": "output", "-k": "kinds"}.get(a, a[2:])
            options[key] = args[i + 1]
            i += 2
            continue
        if a == "--stop":
            options["stop"] = True
        elif a == "--status":
            options["status"] = True
        elif a == "--cycles":
            options["cycles"] = True
        elif a == "--every":
            options["every"] = True
        elif a == "--dump":
            options["dump"] = True
            if i + 1 < len(args) and not args[i + 1].startswith("-"):
                options["dump_name"] = args[i + 1]
                i += 1
        elif a in ("--help", "-h", "help"):
            raise UsageError(None)
        else:
            raise UsageError("unknown argument '%s' for 'agtrace record'" % a)
        i += 1
    if options["dump"] and not options["stop"]:
        raise UsageError("--dump goes with --stop (or use 'agtrace dump [NAME]' on its own)")
    if options["every"] and not options["cycles"]:
        raise UsageError("--every goes with --cycles")
    if options["kinds"] == "none" and not options["cycles"]:
        raise UsageError("--kinds none goes with --cycles (a recording of nothing else)")
    return options


def _kinds(text):
    if text is None:
        return [KINDS_BY_NAME[n] for n in DEFAULT_KINDS]
    if text == "all":
        return list(KINDS)
    if text == "none":
        return []
    names = [n.strip() for n in text.split(",") if n.strip()]
    unknown = [n for n in names if n not in KINDS_BY_NAME]
    if unknown or not names:
        raise UsageError("unknown kind %s: the kinds are %s (or all)"
                         % (", ".join(unknown) or "(none given)", ", ".join(k.name for k in KINDS)))
    return [k for k in KINDS if k.name in names]  # in the canonical order


def _start(debugger, options, out):
    global _recording
    if _recording is not None:
        raise UsageError("already recording to %s: 'agtrace record --stop' first" % _recording.path)
    target = debugger.GetSelectedTarget()
    if not target.IsValid():
        raise UsageError("no target: create one (file/target create) or attach first")
    arch = _architecture(target)
    kinds = _kinds(options["kinds"])
    prefix = options["prefix"]
    if prefix is not None and prefix not in PREFIXES:
        raise UsageError("--prefix must be one of %s" % ", ".join(PREFIXES))
    if prefix is None:
        prefix = _detect_prefix(target)
        if prefix is None:
            raise UsageError("none of the engine's functions (AGGraphInvalidateValue, OAG…, IAG…) is in the "
                             "target's loaded modules: stop the app once AttributeGraph is loaded, "
                             "or name the prefix with --prefix")
    path = os.path.abspath(os.path.expanduser(options["output"] or _default_path(".lldb")))
    try:
        handle = open(path, "w", buffering=1, encoding="utf-8")  # line-buffered: a crash keeps the hits
    except OSError as e:
        raise UsageError("cannot write %s: %s" % (path, e.strerror))
    rec = Recording(path, handle, prefix, arch, kinds)
    missing = []
    for kind in kinds:
        breakpoint = _set_breakpoint(debugger, target, kind, prefix)
        if breakpoint is None:
            missing.append(kind)
            continue
        breakpoint.SetScriptCallbackFunction(__name__ + "._on_hit")
        rec.breakpoints[breakpoint.GetID()] = (kind, kind.name_for(prefix))
    if options["cycles"]:
        breakpoint = _set_cycle_breakpoint(debugger, target, prefix)
        if breakpoint is None:
            for number in rec.breakpoints:
                target.BreakpointDelete(number)
            handle.close()
            os.unlink(path)
            raise UsageError("--cycles: %s is not in the target" % CYCLE_SYMBOL.replace("{P}", prefix))
        breakpoint.SetScriptCallbackFunction(__name__ + "._on_cycle")
        rec.cycle_breakpoint = breakpoint.GetID()
        rec.every = options["every"]
    if not rec.breakpoints and rec.cycle_breakpoint is None:
        handle.close()
        os.unlink(path)
        raise UsageError("no breakpoint could be set: none of %s is in the target"
                         % ", ".join(k.name_for(prefix) for k in kinds))
    # exit() (the C library's: the app quitting, or returning from main) writes the `exit` line.
    result = lldb.SBCommandReturnObject()
    debugger.GetCommandInterpreter().HandleCommand("breakpoint set -n exit -K false", result)
    if result.Succeeded() and (result.GetOutput() or "").startswith("Breakpoint "):
        try:
            exit_breakpoint = target.FindBreakpointByID(int(result.GetOutput()[len("Breakpoint "):].split(":")[0]))
        except ValueError:
            exit_breakpoint = None
        if exit_breakpoint is not None and exit_breakpoint.IsValid():
            exit_breakpoint.SetScriptCallbackFunction(__name__ + "._on_exit")
            rec.exit_breakpoint = exit_breakpoint.GetID()
    kinds_set = [k for k in kinds if k not in missing]
    rec.kinds = kinds_set
    rec.counts = {k.name: 0 for k in kinds_set}
    cycles = ""
    if rec.cycle_breakpoint is not None:
        cycles = " cycles=" + ("every" if rec.every else "first")
    handle.write("%s %d prefix=%s arch=%s clock=monotonic_ns kinds=%s%s\n"
                 % (FORMAT, CYCLES_VERSION if cycles else VERSION, prefix, arch, ",".join(k.name for k in kinds_set),
                    cycles))
    _recording = rec
    what = [k.name for k in kinds_set]
    if cycles:
        what.append("cycles (a stack and a dump at %s)" % ("each" if rec.every else "the first"))
    out.append("agtrace: recording %s (%s engine, %s) to %s" % (", ".join(what), prefix, arch, path))
    for kind in missing:
        out.append("agtrace: %s not recorded: %s is not in the target" % (kind.name, kind.name_for(prefix)))


def _status(out):
    rec = _recording
    if rec is None:
        out.append("agtrace: not recording")
        return
    seconds = (time.monotonic_ns() - rec.started) / 1e9
    per_kind = ", ".join("%s %d" % (k, n) for k, n in rec.counts.items())
    out.append("agtrace: recording to %s for %.1f s: %d hits (%s)%s" % (rec.path, seconds, rec.hits, per_kind,
                                                                       _cycles_said(rec)))


def _stop(debugger, out):
    global _recording
    rec = _recording
    if rec is None:
        raise UsageError("not recording")
    target = debugger.GetSelectedTarget()
    extra = [n for n in (rec.exit_breakpoint, rec.cycle_breakpoint) if n is not None]
    for number in list(rec.breakpoints) + extra:
        if target.IsValid():
            target.BreakpointDelete(number)
    crash = _crash(target)
    if crash is not None:
        # Stopped after the app crashed: the file says so, and `agtrace import` refuses it.
        rec.file.write("crash %d hits=%d %s\n" % (time.monotonic_ns(), rec.hits, crash))
        out.append("agtrace: the app is stopped by a crash (%s): the recording is incomplete" % crash)
    rec.file.write("stop %d hits=%d\n" % (time.monotonic_ns(), rec.hits))
    rec.file.close()
    _recording = None
    per_kind = ", ".join("%s %d" % (k, n) for k, n in rec.counts.items())
    out.append("agtrace: stopped: %d hits (%s)%s in %s" % (rec.hits, per_kind, _cycles_said(rec), rec.path))
    if rec.cycle_breakpoint is not None:
        # The dumps are imported beside the run: `cycles` finds a cycle's dump by its path.
        files = " ".join(shlex.quote(p) for p in [rec.path] + rec.dumps)
        out.append("agtrace: next: agtrace import %s && agtrace cycles --run %s" % (files, shlex.quote(_label(rec.path))))
    else:
        out.append("agtrace: next: agtrace import %s && agtrace report dirty-walks --run %s"
                   % (shlex.quote(rec.path), shlex.quote(_label(rec.path))))


def _cycles_said(rec):
    """`, cycles K (dumps: …)` when recording cycles, else nothing."""
    if rec.cycle_breakpoint is None:
        return ""
    dumps = " (dumps: %s)" % ", ".join(rec.dumps) if rec.dumps else ""
    return ", cycles %d%s" % (rec.cycles, dumps)


def _set_cycle_breakpoint(debugger, target, prefix):
    """The breakpoint on print_cycle, by its name or (Apple's) its mangled name; or None."""
    names = [CYCLE_SYMBOL.replace("{P}", prefix)]
    if prefix in CYCLE_MANGLED:
        names.append(CYCLE_MANGLED[prefix])
    for name in names:
        cycle = Kind("cycle", name)
        breakpoint = _set_breakpoint(debugger, target, cycle, prefix)
        if breakpoint is not None:
            return breakpoint
    return None


def _crash(target):
    """Why the process stopped, when it stopped for a crash (an exception, a signal other than
    SIGSTOP, a sanitizer's or Swift's runtime report) or is gone by one; else None."""
    process = target.GetProcess() if target.IsValid() else None
    if process is None or not process.IsValid():
        return None
    state = process.GetState()
    if state == lldb.eStateCrashed:
        return "crashed"
    if state != lldb.eStateStopped:
        return None
    sigstop = process.GetUnixSignals().GetSignalNumberFromName("SIGSTOP")
    for thread in process:
        reason = thread.GetStopReason()
        crashed = reason in (lldb.eStopReasonException, lldb.eStopReasonInstrumentation) or (
            reason == lldb.eStopReasonSignal and thread.GetStopReasonDataAtIndex(0) != sigstop)
        if crashed:
            text = " ".join((thread.GetStopDescription(256) or "").split())  # one line
            return text or "signal %d" % thread.GetStopReasonDataAtIndex(0)
    return None


def _label(path):
    """The label `agtrace import` gives the file (its name without known extensions)."""
    name = os.path.basename(path)
    for ext in (".lldb", ".log", ".txt"):
        if name.lower().endswith(ext) and len(name) > len(ext):
            name = name[: -len(ext)]
    return name


def _dump(debugger, name, out):
    """Calls the engine's ...GraphArchiveJSON(name) in the stopped process."""
    target = debugger.GetSelectedTarget()
    process = target.GetProcess() if target.IsValid() else None
    if process is None or not process.IsValid() or process.GetState() != lldb.eStateStopped:
        raise UsageError("dump needs a stopped process (pause the app first)")
    prefix = _recording.prefix if _recording is not None else _detect_prefix(target)
    if prefix is None:
        raise UsageError("no engine in the target: none of AGGraphArchiveJSON, OAG…, IAG… found")
    name = name or time.strftime("agtrace-%Y%m%d-%H%M%S.ag-json")
    if "\"" in name or "\\" in name:
        raise UsageError("the dump's name cannot hold quotes or backslashes")
    options = lldb.SBExpressionOptions()
    options.SetLanguage(lldb.eLanguageTypeC)
    options.SetIgnoreBreakpoints(True)
    options.SetUnwindOnError(True)
    options.SetTryAllThreads(True)
    # Cast: without debug info (Apple's framework) lldb knows no prototype.
    value = target.EvaluateExpression('((void (*)(const char *))%sGraphArchiveJSON)("%s")' % (prefix, name), options)
    error = value.GetError()
    # A void expression reports "no value" (kNoResult) as an error; anything else failed.
    if error.Fail() and error.GetError() != 0x1001:
        raise UsageError("calling %sGraphArchiveJSON failed: %s" % (prefix, error.GetCString()))
    if os.path.isabs(name):
        where = name
    else:
        tmp = target.EvaluateExpression('(const char *)getenv("TMPDIR")', options).GetSummary()
        directory = tmp.strip('"') if tmp and tmp != "0x0000000000000000" else "/tmp"
        where = os.path.join(directory, name)
    here = " (found on this machine)" if os.path.exists(where) else " (on the device; the app's console shows the engine's own line)"
    out.append("agtrace: %sGraphArchiveJSON wrote %s%s" % (prefix, where, here))
    out.append("agtrace: next: agtrace import %s" % shlex.quote(where))


def agtrace_command(debugger, command, exe_ctx, result, internal_dict):
    """agtrace record | agtrace record --stop | agtrace record --status | agtrace dump [NAME]"""
    out = []
    try:
        args = shlex.split(command)
        if not args or args[0] in ("help", "--help", "-h"):
            raise UsageError(None)
        sub, rest = args[0], args[1:]
        if sub == "record":
            options = _parse_record(rest)
            if options["status"]:
                _status(out)
            elif options["stop"]:
                if options["dump"]:
                    _dump(debugger, options["dump_name"], out)
                _stop(debugger, out)
            else:
                _start(debugger, options, out)
        elif sub == "dump":
            if len(rest) > 1:
                raise UsageError("'agtrace dump' takes at most one NAME")
            _dump(debugger, rest[0] if rest else None, out)
        else:
            raise UsageError("unknown subcommand '%s'" % sub)
    except UsageError as e:
        if e.args[0] is None:
            result.AppendMessage(USAGE)
            result.SetStatus(lldb.eReturnStatusSuccessFinishResult)
            return
        for line in out:
            result.AppendMessage(line)
        result.SetError("agtrace: %s (see 'agtrace help')" % e.args[0])
        return
    except ValueError as e:  # shlex: unbalanced quotes
        result.SetError("agtrace: %s" % e)
        return
    for line in out:
        result.AppendMessage(line)
    result.SetStatus(lldb.eReturnStatusSuccessFinishResult)


def __lldb_init_module(debugger, internal_dict):
    debugger.HandleCommand('command script add -o -f %s.agtrace_command agtrace' % __name__)
