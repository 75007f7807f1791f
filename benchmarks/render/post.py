"""What a phone makes of its sensor's picture: exposure, white balance (partly undoing the
light's colour, a little wrong), barrel distortion, vignetting, shot and read noise, the sRGB tone
curve, denoising, sharpening, JPEG. numpy and Pillow; seeded by the description.

The noise is set so a photo's grain at 1600 px (robust sigma of the high-pass residual, grey
levels) is about what a 12 MP phone photo's is once scaled to the reader's 1600 px: 1.5-3 (the
composited set's photos measure 1.5 and 3.0)."""

from __future__ import annotations

import io

import numpy as np
from PIL import Image, ImageFilter


def _expose(linear: np.ndarray, post: dict) -> np.ndarray:
    """Auto exposure: the picture's bright paper (its 90th percentile of luminance) at about
    0.7 of full scale, times the description's exposure error."""
    lum = linear @ np.array([0.2126, 0.7152, 0.0722], dtype=np.float32)
    level = float(np.percentile(lum, 90)) or 1.0
    return linear * (0.7 * post["exposure"] / level)


def _white_balance(linear: np.ndarray, illuminant: np.ndarray, post: dict) -> np.ndarray:
    strength = post["white_balance_strength"]
    gains = (1.0 / illuminant) ** strength
    gains = gains / (0.2126 * gains[0] + 0.7152 * gains[1] + 0.0722 * gains[2])
    err_r, err_b = post["white_balance_error"]
    gains = gains * np.array([err_r, 1.0, err_b])
    return linear * gains.astype(np.float32)[None, None, :]


def _distort(linear: np.ndarray, size: tuple[int, int], k: float, margin: float) -> np.ndarray:
    """Barrel distortion: a photo pixel at radius r (half-diagonals) shows the undistorted
    point at r (1 + k r^2). The render covers ``margin`` more on each side than the photo."""
    h_in, w_in = linear.shape[:2]
    w, h = size
    pitch = w_in / (w * (1 + 2 * margin))  # render pixels per photo pixel
    half = np.hypot(w / 2, h / 2)
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    dx, dy = (xx + 0.5 - w / 2) / half, (yy + 0.5 - h / 2) / half
    f = 1.0 + k * (dx * dx + dy * dy)
    sx = dx * f * half * pitch + w_in / 2 - 0.5
    sy = dy * f * half * pitch + h_in / 2 - 0.5
    x0 = np.clip(np.floor(sx).astype(np.int32), 0, w_in - 2)
    y0 = np.clip(np.floor(sy).astype(np.int32), 0, h_in - 2)
    fx = np.clip(sx - x0, 0, 1)[:, :, None]
    fy = np.clip(sy - y0, 0, 1)[:, :, None]
    top = linear[y0, x0] * (1 - fx) + linear[y0, x0 + 1] * fx
    bottom = linear[y0 + 1, x0] * (1 - fx) + linear[y0 + 1, x0 + 1] * fx
    return top * (1 - fy) + bottom * fy


def _vignette(linear: np.ndarray, amount: float) -> np.ndarray:
    h, w = linear.shape[:2]
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    r2 = ((xx - w / 2) ** 2 + (yy - h / 2) ** 2) / ((w / 2) ** 2 + (h / 2) ** 2)
    return linear * (1.0 - amount * r2)[:, :, None]


def _noise(linear: np.ndarray, post: dict) -> np.ndarray:
    rng = np.random.default_rng(post["noise_seed"])
    shot = (
        rng.standard_normal(linear.shape).astype(np.float32)
        * np.sqrt(np.clip(linear, 0, None))
        * post["noise"]
        * 4
    )
    read = rng.standard_normal(linear.shape).astype(np.float32) * post["read_noise"]
    return linear + shot + read


def _srgb(linear: np.ndarray) -> np.ndarray:
    c = np.clip(linear, 0.0, 1.0)
    out = np.where(c <= 0.0031308, 12.92 * c, 1.055 * np.power(c, 1 / 2.4) - 0.055)
    # a phone's gentle S-curve
    out = out + 0.06 * np.sin(2 * np.pi * out) / (2 * np.pi) * -1
    return np.clip(out * 255.0 + 0.5, 0, 255).astype(np.uint8)


def develop(
    linear: np.ndarray, size: tuple[int, int], illuminant: np.ndarray, post: dict, margin: float
) -> bytes:
    """The JPEG a phone saves from the rendered linear picture (margins included)."""
    x = _expose(linear, post)
    x = _white_balance(x, illuminant, post)
    x = _distort(x, size, post["distortion"], margin)
    x = _vignette(x, post["vignetting"])
    x = _noise(x, post)
    image = Image.fromarray(_srgb(x), "RGB")
    # the phone's denoising (and what a 12 MP photo's noise becomes at the reader's 1600 px),
    # then its sharpening, which leaves small (noise-sized) steps alone
    image = image.filter(ImageFilter.GaussianBlur(post["denoise"]))
    image = image.filter(
        ImageFilter.UnsharpMask(radius=1.5, percent=round(80 * post["sharpen"]), threshold=4)
    )
    out = io.BytesIO()
    image.save(out, "JPEG", quality=post["quality"])
    return out.getvalue()
