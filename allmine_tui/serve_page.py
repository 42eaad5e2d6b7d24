"""The pages ``allmine serve`` sends: the app's page, its small script, and the one-message pages
(no key, server full, the step that stores the key).

The app's page replaces textual-serve's own template, which loads a font stylesheet from a
third-party site: here the font is the one textual-serve ships (``static/fonts/``), and every
address in the page is on this server, under its path prefix (``/s/<prefix>/``, see serve.py), so
opening it asks nothing of any other site. The page has no inline script (the
Content-Security-Policy allows scripts from this server only): its script is
``allmine-page.js``. Its icon is empty (a browser would otherwise ask for ``/favicon.ico``,
outside the prefix). When the server closes the page's connection with a reason (no input for a
while, the server stopping), the page shows that reason.
"""
from __future__ import annotations

from html import escape

from .guard import clean

FONT = "static/fonts/RobotoMono-VariableFont_wght.ttf"  # (under the server's prefix)
FONT_ITALIC = "static/fonts/RobotoMono-Italic-VariableFont_wght.ttf"

FONT_FACES = """
@font-face { font-family: "Roboto Mono"; font-style: normal; font-weight: 100 700;
  src: url("%(base)s%(font)s") format("truetype"); }
@font-face { font-family: "Roboto Mono"; font-style: italic; font-weight: 100 700;
  src: url("%(base)s%(italic)s") format("truetype"); }
"""

# (the one-message pages have no font of their own: without the key they could not load it)
STYLE = """
html, body { margin: 0; height: 100%; }
body { background: #0c181f; color: rgba(255, 255, 255, 0.95);
  font-family: "Roboto Mono", menlo, monospace; }
.dialog-container { position: absolute; width: 100vw; height: 100vh; display: flex;
  align-items: center; justify-content: center; z-index: 10; }
.shade { position: absolute; width: 100%; height: 100%; background: #0c181f; }
.intro { width: 640px; min-height: 160px; z-index: 20; text-align: center; font-size: 16px;
  background-color: #12232d; display: flex; flex-direction: column; align-items: center;
  justify-content: center; margin: 32px; padding: 16px; }
body.-first-byte .intro-dialog { display: none; }
body .textual-terminal { opacity: 0; transition: opacity 0.3s ease-out; }
body.-first-byte .textual-terminal { opacity: 1; }
.closed-dialog { display: none; }
body.-closed .closed-dialog { display: flex; }
button { padding: 12px 28px; margin: 16px; border: none; background-color: #5e0ba7;
  color: rgba(255, 255, 255, 0.95); font-family: inherit; cursor: pointer; }
button:hover { background: #ac5af4; }
#closed-why { margin-top: 12px; }
#terminal { position: absolute; inset: 0; }
main { max-width: 44em; margin: 4em auto; padding: 0 1em; line-height: 1.5; }
code { background: #12232d; padding: 0 0.3em; }
a { color: #ac5af4; }
"""

PAGE = """<!DOCTYPE html>
<html lang="en">
  <head>
    <meta charset="utf-8">
    <meta name="referrer" content="no-referrer">
    <title>%(title)s</title>
    <link rel="icon" href="data:,">
    <link rel="preload" href="%(base)s%(font)s" as="font" type="font/ttf" crossorigin>
    <link rel="stylesheet" href="%(base)sstatic/css/xterm.css">
    <style>%(style)s</style>
    <script src="%(base)sstatic/js/textual.js"></script>
  </head>
  <body>
    <div class="dialog-container intro-dialog">
      <div class="shade"></div>
      <div class="intro"><div>%(title)s</div><div>starting…</div></div>
    </div>
    <div class="dialog-container closed-dialog">
      <div class="shade"></div>
      <div class="intro">
        <div>This screen has closed.</div>
        <div id="closed-why"></div>
        <button type="button" class="restart">Open it again</button>
      </div>
    </div>
    <div id="terminal" class="textual-terminal" data-socket-path="%(socket)s"
         data-base="%(base)s" data-font-size="%(font_size)d"></div>
    <script src="%(base)sallmine-page.js"></script>
  </body>
</html>
"""

# Run after the terminal's element exists and before textual.js connects (on window load):
# - the websocket address is made from the page's own address (wss: behind an https proxy), so
#   nothing in the page is built from what the request said its host was;
# - the app asks for "/?code=..." or "/" (see ui/screens/join.py, show_in_address) when a shared
#   game opens or closes: that changes the address only (to the same under the server's prefix),
#   so a reload opens the same seat;
# - every websocket the page opens reports the reason it was closed with, if any, in the dialog
#   the page shows then (textual.js shows the dialog but not the reason).
PAGE_JS = """(function () {
  "use strict";
  var terminal = document.getElementById("terminal");
  var base = terminal.dataset.base;
  var scheme = location.protocol === "https:" ? "wss://" : "ws://";
  terminal.dataset.sessionWebsocketUrl = scheme + location.host + terminal.dataset.socketPath;
  var open = window.open.bind(window);
  window.open = function (url, target, features) {
    var text = String(url);
    if (target === "_self" && (text === "/" || text.indexOf("/?code=") === 0)) {
      history.replaceState(null, "", base + text.slice(1));
      return null;
    }
    return open(url, target, features);
  };
  var NativeSocket = window.WebSocket;
  var Socket = function (url, protocols) {
    var socket = protocols === undefined ? new NativeSocket(url) :
      new NativeSocket(url, protocols);
    socket.addEventListener("close", function (event) {
      var why = document.getElementById("closed-why");
      if (why && event.reason) {
        why.textContent = event.reason;
      }
    });
    return socket;
  };
  Socket.prototype = NativeSocket.prototype;
  ["CONNECTING", "OPEN", "CLOSING", "CLOSED"].forEach(function (name) {
    Socket[name] = NativeSocket[name];
  });
  window.WebSocket = Socket;
  var buttons = document.querySelectorAll("button.restart");
  for (var i = 0; i < buttons.length; i++) {
    buttons[i].addEventListener("click", function () { location.reload(); });
  }
})();
"""


def app_page(title: str, base: str, socket_path: str, font_size: int = 16) -> str:
    """The app's page, its files under ``base`` (``/s/<prefix>/``), its websocket at
    ``socket_path``."""
    where = escape(base, quote=True)
    faces = FONT_FACES % {"base": where, "font": FONT, "italic": FONT_ITALIC}
    return PAGE % {"title": escape(title), "socket": escape(socket_path, quote=True),
                   "base": where, "font_size": font_size, "font": FONT,
                   "style": faces + STYLE}


def message_page(title: str, *paragraphs: str) -> str:
    """A page that only says something (each paragraph is plain text; a control character in it
    shows as a mark)."""
    body = "\n".join(f"<p>{escape(clean(p))}</p>" for p in paragraphs)
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<meta name="referrer" content="no-referrer"><title>{escape(title)}</title>'
            f"<style>{STYLE}</style></head>\n<body><main><h1>{escape(title)}</h1>\n{body}"
            f"</main></body></html>\n")


def key_stored_page(target: str) -> str:
    """The answer to the address with the key: the browser stores the key (the response's
    cookie) and this page moves on to ``target``, the same address without the key. A page of
    this server moving on, rather than an HTTP redirect, so that the move counts as coming from
    this site even when the link was clicked on another one (a strict cookie is sent then)."""
    where = escape(target, quote=True)
    return (f'<!DOCTYPE html>\n<html lang="en"><head><meta charset="utf-8">'
            f'<meta name="referrer" content="no-referrer">'
            f'<meta http-equiv="refresh" content="0; url={where}"><title>ALL MINE!</title>'
            f"<style>{STYLE}</style></head>\n<body><main><p>The key is stored in this browser "
            f'until the server stops. <a href="{where}">Open the game</a>.</p></main>'
            f"</body></html>\n")
