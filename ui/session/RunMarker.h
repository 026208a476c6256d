#pragma once
// The GUI's own note that a run of it is in progress, because an autosave alone cannot tell: the
// worker appends rows and writes no end mark, and a finished CLI run leaves exactly the same
// kind of file in the same folder. "<autosave>.running" holds the GUI's process id and host; it is
// written when the worker starts and removed when the GUI sees the run end (done, failed or
// cancelled). A marker whose process is gone means the GUI died mid-run (crash, kill, power
// loss): its autosave is an interrupted run.
#include <QString>
#include <optional>

namespace graphlens::ui {

class RunMarker {
public:
    struct Owner {
        qint64 pid = 0;
        QString host;
    };

    static QString pathFor(const QString& autosavePath);
    static Owner thisProcess();

    static bool write(const QString& autosavePath, const Owner& owner);
    // nullopt when there is no marker; an unreadable marker reads as an owner that is gone (pid 0).
    static std::optional<Owner> read(const QString& autosavePath);
    static bool remove(const QString& autosavePath);

    // True while the owner may still be running: a live process on this host, or any process on
    // another host (it cannot be checked from here, and a live run must never be offered).
    static bool isAlive(const Owner& owner);
};

}  // namespace graphlens::ui
