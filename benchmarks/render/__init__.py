"""The physically rendered photo benchmark's parts (``benchmarks/photo_render.py``).

- ``scene``: a seed's scene as plain data (the board's paper and seams, the round's pieces, start
  markers, cards, a hand, the light, the camera, the phone's processing): no renderer needed,
  the same seed gives the same description on any machine.
- ``assets``: the kit's printed board and cards rasterised from its PDFs, and table tops.
- ``mitsuba_scene``: a description as a Mitsuba 3 scene, rendered (linear RGB).
- ``post``: what a phone does to the sensor's picture: exposure, white balance, lens
  distortion, vignetting, noise, tone curve, sharpening, JPEG.
"""
