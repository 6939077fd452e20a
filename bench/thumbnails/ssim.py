"""SSIM of each thumbnail against its reference, for run.sh.

Usage: ssim.py PAIRS_TSV        (lines: ours_path <TAB> reference_path <TAB> label)
Prints one line per pair (label, SSIM) and then the count, minimum and mean.

Standard 8-bit SSIM (Wang et al. 2004): 11x11 Gaussian window, sigma 1.5, K1 = 0.01,
K2 = 0.03, L = 255, over the pixels where the whole window fits ("valid" convolution),
computed per channel and averaged over the channels. Opaque images are compared in RGB;
images with an alpha channel in premultiplied RGBA (R*a, G*a, B*a, a), so that the colour
of fully transparent pixels, which nobody sees, does not count.
"""
import sys

import numpy as np
from PIL import Image


def gaussian_window(size=11, sigma=1.5):
    x = np.arange(size, dtype=np.float64) - (size - 1) / 2
    g = np.exp(-(x * x) / (2 * sigma * sigma))
    return g / g.sum()


def filter_valid(image, g):
    """Separable 'valid' convolution of a 2-D array with the 1-D window g on both axes."""
    n = len(g)
    rows = sum(g[i] * image[:, i:image.shape[1] - n + 1 + i] for i in range(n))
    return sum(g[i] * rows[i:rows.shape[0] - n + 1 + i, :] for i in range(n))


def ssim_channel(a, b, g):
    c1, c2 = (0.01 * 255) ** 2, (0.03 * 255) ** 2
    mu_a, mu_b = filter_valid(a, g), filter_valid(b, g)
    var_a = filter_valid(a * a, g) - mu_a * mu_a
    var_b = filter_valid(b * b, g) - mu_b * mu_b
    cov = filter_valid(a * b, g) - mu_a * mu_b
    s = ((2 * mu_a * mu_b + c1) * (2 * cov + c2)) / ((mu_a * mu_a + mu_b * mu_b + c1) * (var_a + var_b + c2))
    return float(s.mean())


def planes(path, alpha):
    """The channels compared: RGB, or premultiplied RGBA when either image has alpha."""
    image = Image.open(path).convert("RGBA")
    pixels = np.asarray(image, dtype=np.float64)
    if not alpha:
        return [pixels[:, :, c] for c in range(3)]
    a = pixels[:, :, 3] / 255.0
    return [pixels[:, :, c] * a for c in range(3)] + [pixels[:, :, 3]]


def has_alpha(path):
    image = Image.open(path)
    return image.mode in ("RGBA", "LA", "PA") or "transparency" in image.info


def ssim(ours, reference):
    alpha = has_alpha(ours) or has_alpha(reference)
    a, b = planes(ours, alpha), planes(reference, alpha)
    if a[0].shape != b[0].shape:
        raise SystemExit("%s is %s but its reference %s is %s" % (ours, a[0].shape, reference, b[0].shape))
    g = gaussian_window()
    return sum(ssim_channel(x, y, g) for x, y in zip(a, b)) / len(a)


def main():
    values = []
    for line in open(sys.argv[1]):
        ours, reference, label = line.rstrip("\n").split("\t")
        value = ssim(ours, reference)
        values.append(value)
        print("%s\t%.4f" % (label, value))
    print("SSIM over %d images: min %.4f, mean %.4f" % (len(values), min(values), sum(values) / len(values)))


if __name__ == "__main__":
    main()
