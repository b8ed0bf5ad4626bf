#!/usr/bin/python3
"""What a screen reader sees of brlv-desk, through AT-SPI (the interface Orca reads).

Run by `.ci/run` inside Xvfb and a D-Bus session with the accessibility bus
started and enabled, while the app runs on its embedded sandbox in English:

    atspi_walk.py overview               # the whole tree of every view
    atspi_walk.py order                  # one order's detail (started with --view order:brcode)
    atspi_walk.py onboarding             # the first-run screen (started without --sandbox)
    atspi_walk.py review                 # a transfer on a plain key waits for its review
                                         # (started on the BRLV_* environment profile)
    atspi_walk.py repeat                 # a withdrawal to a key paid today waits for
                                         # "Send it anyway" (same profile)
    atspi_walk.py offline                # a withdrawal sent while the service is down
                                         # reads as not sent, never refused (same profile)

It finds the app on the desktop, presses each navigation entry as a screen
reader user would (the AT-SPI "click" action), waits for the view's data and
walks its tree (Events, which the menu does not list, through Settings'
Advanced section). It fails when the app is not listed, when a button, text
field, check box, radio button or combo box has no name, and (for `order`)
when the QR code's description does not say the amount to pay. It prints the
node count of each view.
"""

import os
import sys
import time

import pyatspi

APP_NAME = "brlv-desk"
# The navigation entries, in their order, by their English names.
VIEWS = os.environ.get("BRLV_ATSPI_VIEWS", "").split(",") if os.environ.get("BRLV_ATSPI_VIEWS") else [
    "Overview",
    "Orders",
    "Wallets",
    "Transfers",
    "Withdrawals",
    "Claims",
    "Deposits",
    "Activity",
    "Settings",
]
# Controls a person operates: each must say what it is for.
NAMED_ROLES = {
    pyatspi.ROLE_PUSH_BUTTON,
    pyatspi.ROLE_TOGGLE_BUTTON,
    pyatspi.ROLE_TEXT,
    pyatspi.ROLE_ENTRY,
    pyatspi.ROLE_PASSWORD_TEXT,
    pyatspi.ROLE_CHECK_BOX,
    pyatspi.ROLE_RADIO_BUTTON,
    pyatspi.ROLE_COMBO_BOX,
    pyatspi.ROLE_SPIN_BUTTON,
    pyatspi.ROLE_SLIDER,
}


def wait_for(what, find, seconds=60.0):
    """Polls `find` until it returns something, or fails after `seconds`."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        try:
            found = find()
        except Exception:  # the tree changes while it is read
            found = None
        if found:
            return found
        time.sleep(0.5)
    sys.exit(f"FAIL: {what} within {seconds:.0f} s")


def find_app():
    desktop = pyatspi.Registry.getDesktop(0)
    for index in range(desktop.childCount):
        app = desktop.getChildAtIndex(index)
        if app is not None and app.name == APP_NAME:
            return app
    return None


def walk(node, depth=0):
    """Every node under `node` (itself included), depth first, in reading order."""
    if node is None or depth > 60:
        return
    yield node
    for index in range(node.childCount):
        try:
            child = node.getChildAtIndex(index)
        except Exception:
            continue
        yield from walk(child, depth + 1)


def describe(node):
    try:
        return node.description or ""
    except Exception:
        return ""


def node_role(node):
    try:
        return node.getRole()
    except Exception:
        return None


def find_named(app, role, name):
    for node in walk(app):
        if node_role(node) == role and node.name == name:
            return node
    return None


def unnamed_controls(app):
    missing = []
    for node in walk(app):
        role = node_role(node)
        if role in NAMED_ROLES and not (node.name or "").strip():
            missing.append(f"{node.getRoleName()} (description {describe(node)!r})")
    return missing


def dump(app):
    """Every node's role, name and description, indented: BRLV_ATSPI_DUMP=1."""
    def visit(node, depth):
        print("  " * depth + f"{node.getRoleName()}: {node.name!r} {describe(node)!r}")
        for index in range(node.childCount):
            visit(node.getChildAtIndex(index), depth + 1)
    visit(app, 0)


def check_view(app, view):
    if os.environ.get("BRLV_ATSPI_DUMP"):
        dump(app)
    nodes = list(walk(app))
    missing = unnamed_controls(app)
    roles = {}
    for node in nodes:
        if node_role(node) in NAMED_ROLES:
            roles[node.getRoleName()] = roles.get(node.getRoleName(), 0) + 1
    summary = ", ".join(f"{count} {role}" for role, count in sorted(roles.items()))
    print(f"{view:12} {len(nodes):4} nodes; controls: {summary}")
    return [f"{view}: unnamed {entry}" for entry in missing]


def loaded(app):
    """The view's data has arrived: no "Loading..." text left."""
    for node in walk(app):
        if (node.name or "").startswith("Loading"):
            return False
    return True


def walk_views(app):
    failures = []
    for view in VIEWS:
        entry = wait_for(
            f"the navigation entry {view!r}",
            lambda: find_named(app, pyatspi.ROLE_PUSH_BUTTON, view)
            or find_named(app, pyatspi.ROLE_TOGGLE_BUTTON, view),
        )
        entry.queryAction().doAction(0)
        time.sleep(1.5)
        wait_for(f"the {view} view to load", lambda: loaded(app))
        failures += check_view(app, view)
    # Events (webhooks) is not in the menu: Settings' Advanced section opens it.
    if not os.environ.get("BRLV_ATSPI_VIEWS"):
        advanced = wait_for(
            "Settings' Advanced section",
            lambda: next((node for node in walk(app) if node.name == "Advanced"), None),
        )
        advanced.queryAction().doAction(0)
        time.sleep(1)
        press(app, "Open events")
        wait_for("the Events view to load", lambda: loaded(app))
        failures += check_view(app, "Events")
    return failures


def walk_order(app):
    qr = wait_for(
        "the order's QR code",
        lambda: next(
            (node for node in walk(app) if (node.name or "").startswith("Pix QR code")),
            None,
        ),
    )
    description = f"{qr.name} {describe(qr)}"
    print(f"the QR code says: {description!r}")
    failures = check_view(app, "order")
    if "R$" not in description:
        failures.append(f"order: the QR code does not say its amount: {description!r}")
    return failures


def walk_onboarding(app):
    """The first run with no profile: the form that connects an account."""
    wait_for(
        "the onboarding form",
        lambda: any(node_role(node) == pyatspi.ROLE_ENTRY for node in walk(app)),
    )
    time.sleep(1)
    return check_view(app, "onboarding")


def walk_hostile(app):
    """A wallet the service named with a NUL and a right-to-left override
    (made by .ci/run with `call`): the window shows it as visible escapes and
    is still on the accessibility bus afterwards (a raw NUL in one name is
    enough for the bus to drop the whole window). Two more, `Conta` and
    `Conta` with a zero-width space: the space shows as its escape and both
    are marked as looking like another wallet's name."""
    wallets = wait_for(
        "the navigation entry 'Wallets'",
        lambda: find_named(app, pyatspi.ROLE_PUSH_BUTTON, "Wallets")
        or find_named(app, pyatspi.ROLE_TOGGLE_BUTTON, "Wallets"),
    )
    wallets.queryAction().doAction(0)
    shown = wait_for(
        "the hostile wallet's name, with its NUL and override as visible escapes",
        lambda: next(
            (
                node.name
                for node in walk(app)
                if "\\u{0}" in (node.name or "") and "\\u{202e}" in (node.name or "").lower()
            ),
            None,
        ),
    )
    print(f"the hostile name reads: {shown!r}")
    marks = ("looks like another wallet's name", "parece o nome de outra carteira")
    hidden = wait_for(
        "the wallet named with a zero-width space, its escape shown and marked as a look-alike",
        lambda: next(
            (
                node.name
                for node in walk(app)
                if "Conta\\u{200b}" in (node.name or "")
                and any(mark in (node.name or "") for mark in marks)
            ),
            None,
        ),
    )
    print(f"the look-alike name reads: {hidden!r}")
    failures = []
    if not any(
        (node.name or "").startswith("Conta (") and any(mark in node.name for mark in marks)
        for node in walk(app)
    ):
        failures.append("hostile: the plain 'Conta' is not marked as looking like another name")
    for node in walk(app):
        text = f"{node.name or ''} {describe(node)}"
        if any(c in text for c in ("\x00", "\u202e", "\u202E", "\u200b", "\u2060", "\ufeff")):
            failures.append(f"hostile: a raw control, override or invisible character reached the tree: {text!r}")
    time.sleep(3)
    if find_app() is None:
        failures.append("hostile: the window left the accessibility bus")
    else:
        print(f"{APP_NAME} is still listed on the accessibility bus")
    return failures + check_view(app, "hostile")


def set_text(app, name, text):
    """Types `text` into the field named `name`, as a screen reader's
    "set value" does (AccessKit's SetValue)."""
    field = wait_for(
        f"the field {name!r}",
        lambda: find_named(app, pyatspi.ROLE_ENTRY, name) or find_named(app, pyatspi.ROLE_TEXT, name),
    )
    field.queryEditableText().setTextContents(text)
    time.sleep(0.5)


def press(app, name, roles=(pyatspi.ROLE_PUSH_BUTTON, pyatspi.ROLE_TOGGLE_BUTTON)):
    """Presses the control named `name` (its first action, "click")."""
    button = wait_for(
        f"the control {name!r}",
        lambda: next((found for role in roles if (found := find_named(app, role, name))), None),
    )
    button.queryAction().doAction(0)
    time.sleep(1)


def record_count(records):
    """How many `records` (transfers, withdrawals) the sandbox holds, read
    through the API with `call` on the same environment profile (the
    window's list could lag)."""
    import json
    import subprocess
    answer = subprocess.run(
        [os.environ["BRLV_BINARY"], "call", "--quiet", "GET", f"/api/v0/{records}"],
        capture_output=True, text=True, check=True,
    ).stdout
    body = answer[answer.index("{"):]
    return len(json.loads(body)[records])


def transfer_count():
    """How many transfers the sandbox holds."""
    return record_count("transfers")


def walk_review(app):
    """On a plain key (the environment profile): a transfer filled and sent
    shows the review, and nothing reaches the service, until "Confirm" and
    the typed word; then exactly one transfer is created."""
    failures = []
    before = transfer_count()
    press(app, "Transfers")
    wait_for("the Transfers view to load", lambda: loaded(app))
    press(app, "From wallet", roles=(pyatspi.ROLE_COMBO_BOX, pyatspi.ROLE_PUSH_BUTTON))
    wallet = wait_for(
        "the main wallet in the list",
        lambda: next(
            (node for node in walk(app)
             if (node.name or "").startswith("Main wallet") and node_role(node) != pyatspi.ROLE_COMBO_BOX),
            None,
        ),
    )
    wallet.queryAction().doAction(0)
    time.sleep(1)
    set_text(app, "Amount to send", "7.77")
    set_text(app, "To address", OUTSIDE_ADDRESS)
    press(app, "Send transfer")
    wait_for("the review", lambda: find_named(app, pyatspi.ROLE_LABEL, "Check the details")
             or any((node.name or "") == "Check the details" for node in walk(app)))
    names = {node.name for node in walk(app) if node.name}
    for expected in ("You send", "R$7.77", "Balance after", "Confirm", "Back"):
        if expected not in names:
            failures.append(f"review: {expected!r} is not on the review")
    failures += check_view(app, "review")
    time.sleep(2)
    if transfer_count() != before:
        failures.append("review: a transfer reached the service before it was confirmed")
    else:
        print(f"the review is shown; the service still holds {before} transfers")
    press(app, "Confirm")
    wait_for("the typed word's field", lambda: find_named(app, pyatspi.ROLE_ENTRY, "Type SEND to confirm")
             or find_named(app, pyatspi.ROLE_TEXT, "Type SEND to confirm"))
    if transfer_count() != before:
        failures.append("review: a transfer reached the service before the typed word")
    set_text(app, "Type SEND to confirm", "SEND")
    press(app, "Send")
    wait_for("the transfer to reach the service", lambda: transfer_count() == before + 1)
    print(f"confirmed: the service holds {before + 1} transfers")
    return failures


def withdrawal_count():
    """How many withdrawals the sandbox holds."""
    return record_count("withdrawals")


def walk_repeat(app):
    """A Pix withdrawal to a key already paid today (the caller paid it
    with `call` before the window started): its review names the earlier
    payment, Confirm does nothing and nothing reaches the service until
    "Send it anyway" is ticked; then exactly one withdrawal is added."""
    failures = []
    before = withdrawal_count()
    press(app, "Withdrawals")
    wait_for("the Withdrawals view to load", lambda: loaded(app))
    set_text(app, "Amount to withdraw", "10.00")
    set_text(app, "Pix key", REPEATED_KEY)
    press(app, "Review withdrawal")
    warning = wait_for(
        "the repeat's warning",
        lambda: next((node for node in walk(app)
                      if (node.name or "").startswith("You already sent R$10.00 by Pix to " + REPEATED_KEY)),
                     None),
    )
    print(f"the review says: {warning.name}")
    names = {node.name for node in walk(app) if node.name}
    for expected in ("This payment repeats an earlier one", ANYWAY, "Confirm", "Back"):
        if expected not in names:
            failures.append(f"repeat: {expected!r} is not on the review")
    box = find_named(app, pyatspi.ROLE_CHECK_BOX, ANYWAY)
    if box is None or box.getState().contains(pyatspi.STATE_CHECKED):
        failures.append("repeat: 'Send it anyway' is missing or ticked before the person chose")
    failures += check_view(app, "repeat")
    press(app, "Confirm")
    time.sleep(2)
    if find_named(app, pyatspi.ROLE_ENTRY, "Type SEND to confirm") or find_named(
            app, pyatspi.ROLE_TEXT, "Type SEND to confirm"):
        failures.append("repeat: Confirm went on before 'Send it anyway' was ticked")
    if withdrawal_count() != before:
        failures.append("repeat: a withdrawal reached the service before the choice was made")
    else:
        print(f"nothing sent before the choice; the service still holds {before} withdrawals")
    press(app, ANYWAY, roles=(pyatspi.ROLE_CHECK_BOX,))
    press(app, "Confirm")
    wait_for("the typed word's field", lambda: find_named(app, pyatspi.ROLE_ENTRY, "Type SEND to confirm")
             or find_named(app, pyatspi.ROLE_TEXT, "Type SEND to confirm"))
    set_text(app, "Type SEND to confirm", "SEND")
    press(app, "Send")
    wait_for("the withdrawal to reach the service", lambda: withdrawal_count() == before + 1)
    print(f"chosen and confirmed: the service holds {before + 1} withdrawals")
    return failures


def walk_offline(app):
    """A Pix withdrawal sent while the service is down (the sandbox whose
    process id is BRLV_SANDBOX_PID is stopped just before "Send"): the
    window says it was not sent and that the form is kept, never that the
    service refused it."""
    import signal
    failures = []
    press(app, "Withdrawals")
    wait_for("the Withdrawals view to load", lambda: loaded(app))
    set_text(app, "Amount to withdraw", "11.00")
    set_text(app, "Pix key", OFFLINE_KEY)
    press(app, "Review withdrawal")
    press(app, "Confirm")
    wait_for("the typed word's field", lambda: find_named(app, pyatspi.ROLE_ENTRY, "Type SEND to confirm")
             or find_named(app, pyatspi.ROLE_TEXT, "Type SEND to confirm"))
    set_text(app, "Type SEND to confirm", "SEND")
    os.kill(int(os.environ["BRLV_SANDBOX_PID"]), signal.SIGTERM)
    time.sleep(1)
    press(app, "Send")
    said = wait_for(
        "the window to say the withdrawal was not sent",
        lambda: next((node for node in walk(app) if (node.name or "").startswith("Not sent:")), None),
    )
    print(f"the window says: {said.name}")
    names = [node.name for node in walk(app) if node.name]
    refused = [name for name in names if "refused the" in name or "correct it" in name]
    if refused:
        failures.append(f"offline: a send that never left reads as refused: {refused!r}")
    if not any(name.startswith("Nothing was refused. The form is kept") for name in names):
        failures.append("offline: the window does not say the form is kept")
    return failures + check_view(app, "offline")


# The Pix key `.ci/run` pays once with `call` before the repeat walk.
REPEATED_KEY = "ana@example.com"
# A key not paid before: the offline walk's review has no repeat to warn of.
OFFLINE_KEY = "bia@example.com"
ANYWAY = "Send it anyway: I know it may repeat an earlier payment"
# A valid EIP-55 address outside the account.
OUTSIDE_ADDRESS = "0xfB6916095ca1df60bB79Ce92cE3Ea74c37c5d359"


def main():
    mode = sys.argv[1] if len(sys.argv) > 1 else "overview"
    app = wait_for(f"{APP_NAME} listed on the accessibility bus", find_app)
    print(f"{APP_NAME} is listed on the accessibility bus")
    if mode == "onboarding":
        failures = walk_onboarding(app)
    else:
        wait_for("the navigation", lambda: find_named(app, pyatspi.ROLE_PUSH_BUTTON, "Overview")
                 or find_named(app, pyatspi.ROLE_TOGGLE_BUTTON, "Overview"))
        if mode == "order":
            failures = walk_order(app)
        elif mode == "hostile":
            failures = walk_hostile(app)
        elif mode == "review":
            failures = walk_review(app)
        elif mode == "repeat":
            failures = walk_repeat(app)
        elif mode == "offline":
            failures = walk_offline(app)
        else:
            failures = walk_views(app)
    for failure in failures:
        print("FAIL:", failure)
    if failures:
        sys.exit(1)
    print("every control has a name")


if __name__ == "__main__":
    main()
