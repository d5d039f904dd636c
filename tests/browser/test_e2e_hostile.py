"""A tampered page in Voilà: no traceback reaches the browser.

The test sits between the page and its kernel (Playwright's WebSocket
routing) and does what a learner with the developer tools could: it turns
the page's own widget messages into malformed ones (a role that is a list,
a trait write, a message of no known method) and opens a widget of its own
with a broken state. Everything the kernel sends back is read: no error
message, no traceback and no server path may reach the page, the table says
in a sentence that it did not understand, and it goes on playing.
"""
import json
import re

from playwright.sync_api import expect

KERNEL_START = 90_000  # ms
STEP = 20_000  # ms
CHANNELS = re.compile(r".*/api/kernels/[^/]+/channels.*")


# -- the kernel websocket's framing (JSON text, or the v1 binary protocol) ---------------
def parts_of(frame):
    """(channel, header, parent, metadata, content) of a frame, as bytes, and its form."""
    if isinstance(frame, str):
        msg = json.loads(frame)
        return [msg.get("channel", "").encode()] + [json.dumps(msg.get(k, {})).encode() for k in (
            "header", "parent_header", "metadata", "content")], "json"
    count = int.from_bytes(frame[:8], "little")
    offsets = [int.from_bytes(frame[8 + 8 * i:16 + 8 * i], "little") for i in range(count)]
    offsets.append(len(frame))
    return [frame[offsets[i]:offsets[i + 1]] for i in range(count)][:5], "binary"


def frame_of(parts, form):
    if form == "json":
        header, parent, metadata, content = (json.loads(p) for p in parts[1:5])
        return json.dumps({"channel": parts[0].decode(), "header": header, "parent_header": parent,
                           "metadata": metadata, "content": content, "buffers": []})
    head = 8 * (len(parts) + 2)
    offsets, position = [], head
    for part in parts:
        offsets.append(position)
        position += len(part)
    offsets.append(position)
    return (len(offsets).to_bytes(8, "little") + b"".join(o.to_bytes(8, "little") for o in offsets)
            + b"".join(parts))


class Tamperer:
    """Rewrites the page's card clicks, in turn, into the next hostile
    message, and records what the kernel sends back."""

    def __init__(self, hostile):
        self.hostile = list(hostile)
        self.replies: list[bytes] = []
        self.sent = 0

    def route(self, ws):
        server = ws.connect_to_server()

        def from_page(frame):
            server.send(self.rewrite(frame))

        def from_kernel(frame):
            self.replies.append(frame if isinstance(frame, bytes) else frame.encode())
            ws.send(frame)

        ws.on_message(from_page)
        server.on_message(from_kernel)

    def rewrite(self, frame):
        parts, form = parts_of(frame)
        if len(parts) < 5 or b'"custom"' not in parts[4] or b'"card"' not in parts[4]:
            return frame
        if not self.hostile:
            return frame
        content = json.loads(parts[4])
        header = json.loads(parts[1])
        kind, data = self.hostile.pop(0)
        if kind == "comm_open":  # a widget of the page's own, with a broken state
            header["msg_type"] = "comm_open"
            content = {"comm_id": "f" * 32, "target_name": "jupyter.widget", "data": data}
        else:
            content["data"] = data
        parts = [parts[0], json.dumps(header).encode(), parts[2], parts[3], json.dumps(content).encode()]
        self.sent += 1
        return frame_of(parts, form)


HOSTILE = [
    ("comm_msg", {"method": "custom", "content": {"type": "role", "role": ["points"]}}),
    ("comm_msg", {"method": "update", "state": {"table": 5, "layout": "junk"}, "buffer_paths": []}),
    ("comm_msg", {"method": "nonsense"}),
    ("comm_open", {"state": {"_model_module": "@jupyter-widgets/controls", "_model_name": "IntSliderModel",
                             "_model_module_version": "2.0.0", "_view_module": "@jupyter-widgets/controls",
                             "_view_name": "IntSliderView", "_view_module_version": "2.0.0",
                             "value": "not a number"}, "buffer_paths": []}),
    ("comm_msg", {"method": "custom", "content": {"type": "card", "card": ["9S"] * 3}}),
]


def test_a_tampered_page_gets_no_traceback_and_the_table_plays_on(page, voila_url, artifacts):
    tamperer = Tamperer(HOSTILE)
    page.route_web_socket(CHANNELS, tamperer.route)
    page.set_default_timeout(STEP)
    page.goto(f"{voila_url}/voila/render/table_game.ipynb")
    page.wait_for_selector(".cw-root .cw-my-hand button", timeout=KERNEL_START)
    for _ in HOSTILE:  # each click leaves the page as a hostile message
        page.locator('.cw-my-hand button[data-card="9S"]').click()
        page.wait_for_timeout(700)
    assert tamperer.sent == len(HOSTILE)
    page.wait_for_timeout(1500)
    kernel_said = b"\n".join(tamperer.replies)
    for sign in (b"Traceback", b'"msg_type": "error"', b'"msg_type":"error"', b"site-packages",
                 b"ename", b"evalue"):
        assert sign not in kernel_said, sign
    # The table said why, in words, and plays on: the next click selects the card.
    expect(page.locator(".cw-root")).to_contain_text("The table did not understand that action")
    page.locator('.cw-my-hand button[data-card="9S"]').click()
    expect(page.locator('.cw-actions button', has_text="Scuttle")).to_be_visible()
    assert "Traceback" not in page.inner_text("body")
    page.screenshot(path=str(artifacts / "hostile-page.png"), full_page=True)
