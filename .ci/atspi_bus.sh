#!/usr/bin/env bash
# Sourced by the scripts that drive the window as a screen reader does:
# starts the accessibility bus in the current D-Bus session and marks
# assistive technology on (AccessKit exposes the tree only then). Sets
# `atspi_launcher`, the bus launcher's process id, for the caller to stop.
/usr/libexec/at-spi-bus-launcher --launch-immediately &
atspi_launcher=$!
sleep 1
for property in IsEnabled ScreenReaderEnabled; do
  dbus-send --session --dest=org.a11y.Bus --print-reply /org/a11y/bus \
    org.freedesktop.DBus.Properties.Set string:org.a11y.Status "string:$property" variant:boolean:true >/dev/null
done
