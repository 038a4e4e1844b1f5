"""The class address as a QR code: a PNG (the ``qrcode`` package draws it with Pillow), put in the page
as a data URI, so a phone's camera opens the classroom with its class code.

>>> uri = qr_png_data_uri("http://192.0.2.7:8866/?code=k7q2m9")
>>> uri.startswith("data:image/png;base64,iVBOR")
True
"""

from __future__ import annotations

import base64
import io

__all__ = ["qr_png", "qr_png_data_uri"]


def qr_png(text: str, box: int = 8) -> bytes:
    """The QR code of ``text`` as PNG bytes (``box`` pixels a module, a quiet zone of 4 modules)."""
    import qrcode
    code = qrcode.QRCode(box_size=box, border=4, error_correction=qrcode.constants.ERROR_CORRECT_M)
    code.add_data(text)
    code.make(fit=True)
    out = io.BytesIO()
    code.make_image().save(out)
    return out.getvalue()


def qr_png_data_uri(text: str) -> str:
    return "data:image/png;base64," + base64.b64encode(qr_png(text)).decode("ascii")
