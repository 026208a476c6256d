#pragma once
// The step timeline's visible window of time: which microsecond of the steps sits at which x.
// Both rows share it, each measured from its own step's start.

namespace graphlens::ui {

struct TimelineAxis {
    double plotLeft = 0;     // x of the lanes' left end (widget coordinates)
    double plotWidth = 0;    // width of the lanes
    double pixelsPerUs = 1;  // zoom
    double viewStartUs = 0;  // the time at plotLeft

    double xForTime(double us) const { return plotLeft + (us - viewStartUs) * pixelsPerUs; }
    double timeAt(double x) const { return viewStartUs + (x - plotLeft) / pixelsPerUs; }
    double plotRight() const { return plotLeft + plotWidth; }
};

}  // namespace graphlens::ui
