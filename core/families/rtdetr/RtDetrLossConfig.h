#pragma once
// The settings of rtdetr-r18's training loss: transformers' RTDetrConfig defaults, which are the
// published RT-DETR ones (matcher costs class 2 / L1 5 / GIoU 2 with a focal class cost, alpha 0.25 and
// gamma 2; loss weights varifocal 1 / L1 5 / GIoU 2, varifocal alpha 0.75 and gamma 2).
namespace graphlens::families::rtdetr {

struct RtDetrLossConfig {
    // The Hungarian matcher's cost: classCost * class + bboxCost * L1 + giouCost * (-GIoU).
    double matcherClassCost = 2.0;
    double matcherBboxCost = 5.0;
    double matcherGiouCost = 2.0;
    bool useFocalLoss = true;  // focal class cost (sigmoid); false: minus the softmax probability
    double matcherAlpha = 0.25;
    double matcherGamma = 2.0;

    // The varifocal loss's weight on the negatives: alpha * sigmoid(logit)^gamma.
    double focalLossAlpha = 0.75;
    double focalLossGamma = 2.0;

    // What each loss term is multiplied by before it enters the total.
    double weightLossVfl = 1.0;
    double weightLossBbox = 5.0;
    double weightLossGiou = 2.0;

    // Kept for parity with RTDetrConfig: only a softmax cross-entropy would read it; the varifocal loss
    // RT-DETR trains with does not.
    double eosCoefficient = 1e-4;

    // The same terms for every decoder layer but the last and for the encoder's top-k proposals.
    bool auxiliaryLoss = true;
};

}  // namespace graphlens::families::rtdetr
