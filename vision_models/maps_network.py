"""The network behind the card maps (:mod:`service.vision.maps`) and what teaching it needs: the
losses of its two sets of maps and their validation figures (:mod:`vision_models.train_maps`).

The card finder's maps (card, seam) and the index spotter's (index map, eight corner offsets) were
two networks of this shape until 4.3.1, trained apart; since 4.4.0 one network learns all eleven,
and since 4.5.0 the service runs it once a photo for both.
"""

from __future__ import annotations

import numpy as np

from service.vision.maps import OFFSET_UNIT, SPOTTER_MAPS

MAPS = SPOTTER_MAPS.stop   # the network's output maps, the finder's then the spotter's
SEAM_WEIGHT = 2.0       # the seam map's share of the finder's loss
SEAM_POSITIVE = 20.0    # a seam pixel's weight against a non-seam one: seams are thin (about 0.4 % of
                        # the pixels), and without it the finder learns to draw none
OFFSET_WEIGHT = 1.0     # the corner offsets' share of the spotter's loss against the index map's
PRIOR = 0.1             # the index map's starting probability everywhere (CenterNet's bias of -2.19):
                        # from 0.5 the negatives' loss swamps the few peaks' for the first epoch


def build_maps_network(outputs: int = MAPS):
    """An encoder to 1/16 with dilated layers and a pooled summary of the whole photo (context for
    a card that fills the picture) and a light decoder back to 1/2 with skips; about 183k weights.
    ``outputs``: the maps at 1/2 (the finder's two and the index spotter's nine, one after another)."""
    import torch
    import torch.nn as nn

    def block(cin, cout, stride=1, dilation=1, kernel=3):
        pad = dilation * (kernel // 2)
        return nn.Sequential(nn.Conv2d(cin, cout, kernel, stride, pad, dilation, bias=False),
                             nn.BatchNorm2d(cout), nn.ReLU(inplace=True))

    class MapsNetwork(nn.Module):
        def __init__(self):
            super().__init__()
            self.at_half = block(3, 16, 2)                                              # 1/2
            self.quarter = nn.Sequential(block(16, 24, 2), block(24, 24))            # 1/4
            self.eighth = nn.Sequential(block(24, 48, 2), block(48, 48))             # 1/8
            self.sixteenth = nn.Sequential(block(48, 64, 2), block(64, 64, dilation=2),
                                           block(64, 64, dilation=4))                # 1/16
            self.context = nn.Sequential(nn.Conv2d(64, 64, 1), nn.ReLU(inplace=True))  # the whole photo
            self.up8 = nn.Sequential(block(64 + 48, 48, kernel=1), block(48, 48))
            self.up4 = nn.Sequential(block(48 + 24, 24, kernel=1), block(24, 24))
            self.up2 = nn.Sequential(block(24 + 16, 16, kernel=1), block(16, 16))
            self.head = nn.Conv2d(16, outputs, 1)

        def forward(self, x):
            up = nn.functional.interpolate
            h2 = self.at_half(x)
            h4 = self.quarter(h2)
            h8 = self.eighth(h4)
            h16 = self.sixteenth(h8)
            h16 = h16 + self.context(h16.mean(dim=(2, 3), keepdim=True))  # a card may fill the photo
            d8 = self.up8(torch.cat([up(h16, scale_factor=2.0, mode="nearest"), h8], 1))
            d4 = self.up4(torch.cat([up(d8, scale_factor=2.0, mode="nearest"), h4], 1))
            d2 = self.up2(torch.cat([up(d4, scale_factor=2.0, mode="nearest"), h2], 1))
            return self.head(d2)

    return MapsNetwork()


def photometric(torch, images):
    """Images ``(N, H, W, 3)`` uint8 -> ``(N, 3, H, W)`` float in 0..1, each with its contrast,
    brightness and colour balance jittered (what the card maps' network is trained on)."""
    x = images.permute(0, 3, 1, 2).float() / 255
    n = x.shape[0]
    contrast = torch.empty(n, 1, 1, 1).uniform_(0.7, 1.3)
    mean = x.mean(dim=(1, 2, 3), keepdim=True)
    x = (x - mean) * contrast + mean + torch.empty(n, 1, 1, 1).uniform_(-0.1, 0.1)
    return (x * torch.empty(n, 3, 1, 1).uniform_(0.9, 1.1)).clamp(0, 1)


def finder_loss(torch, logits, targets, weights):
    """Binary cross-entropy per map, padding left out, seams and seam pixels weighted up."""
    positive = torch.tensor([1.0, SEAM_POSITIVE]).view(2, 1, 1)
    bce = torch.nn.functional.binary_cross_entropy_with_logits(logits, targets, reduction="none",
                                                               pos_weight=positive)
    per_map = (bce * weights).sum(dim=(0, 2, 3)) / weights.sum().clamp(min=1)
    return per_map[0] + SEAM_WEIGHT * per_map[1]


def mask_iou(logits, targets, weights) -> tuple[float, float]:
    """Intersection over union of the predicted (``logits`` over 0) and true card and seam masks
    (validation scenes, where they weigh)."""
    predicted, truth, valid = logits > 0, targets > 127, weights[:, None].astype(bool)
    inter = (predicted & truth & valid).sum(axis=(0, 2, 3))
    union = ((predicted | truth) & valid).sum(axis=(0, 2, 3))
    return tuple(float(v) for v in inter / np.maximum(union, 1))


def spotter_loss(torch, maps, heat, offsets, near, trusted):
    """The index map's penalty-reduced focal loss (CenterNet's: a peak is 1, its neighbours count
    less as negatives the nearer they are) per peak, over the ``trusted`` pixels, plus the L1 error
    of the corner offsets at the pixels near a peak (``near``)."""
    probability = torch.sigmoid(maps[:, 0]).clamp(1e-4, 1 - 1e-4)
    peak = (heat >= 0.999).float() * trusted
    positive = -torch.log(probability) * (1 - probability) ** 2 * peak
    negative = -torch.log(1 - probability) * probability ** 2 * (1 - heat) ** 4 * (trusted - peak)
    focal = (positive.sum() + negative.sum()) / peak.sum().clamp(min=1)
    error = (maps[:, 1:] - offsets).abs().sum(dim=1) * near
    return focal + OFFSET_WEIGHT * error.sum() / near.sum().clamp(min=1)


def spot_recall(torch, maps, heat, offsets, near) -> tuple[float, float]:
    """On the validation scenes (``maps`` the spotter's, a tensor): the share of true peaks with a
    predicted peak (over 0.3) within a map pixel, and the median error of the corners there, in
    map pixels."""
    probability = torch.sigmoid(maps[:, :1])
    peaks = (probability >= torch.nn.functional.max_pool2d(probability, 3, 1, 1)) & (probability > 0.3)
    peaks = torch.nn.functional.max_pool2d(peaks.float(), 3, 1, 1)[:, 0].numpy() > 0
    truth = heat == 255
    total = int(truth.sum())
    diff = (maps[:, 1:].numpy() - offsets.astype(np.float32)) * OFFSET_UNIT
    errors = np.linalg.norm(diff.reshape(len(diff), 4, 2, *diff.shape[2:]), axis=2).mean(axis=1)[truth & near]
    return int((peaks & truth).sum()) / max(total, 1), float(np.median(errors)) if total else 0.0
