// argv -> Windows command line quoting, checked against the splitting rules of CommandLineToArgvW.
#include "platform/WindowsCommandLine.h"

#include <catch2/catch.hpp>

using namespace graphlens::platform;

TEST_CASE("plain arguments are left alone, others are quoted so they split back the same", "[process]") {
    CHECK(quoteWindowsArgument("profile-pass") == "profile-pass");
    CHECK(quoteWindowsArgument(R"(C:\Program Files\GraphLens\graphlens-cli.exe)") ==
          R"("C:\Program Files\GraphLens\graphlens-cli.exe")");
    CHECK(quoteWindowsArgument("") == R"("")");
    CHECK(quoteWindowsArgument(R"(say "hi")") == R"("say \"hi\"")");
    // Backslashes are literal unless a quote follows: then each must be doubled.
    CHECK(quoteWindowsArgument(R"(C:\dir\)") == R"(C:\dir\)");
    CHECK(quoteWindowsArgument(R"(C:\my dir\)") == R"("C:\my dir\\")");
    CHECK(quoteWindowsArgument(R"(a\"b c)") == R"("a\\\"b c")");
    CHECK(quoteWindowsArgument("tab\there") == "\"tab\there\"");
    CHECK(quoteWindowsArgument("caf\xc3\xa9 au lait") == "\"caf\xc3\xa9 au lait\"");  // UTF-8 passes through
}

TEST_CASE("a command line joins the quoted arguments with single spaces", "[process]") {
    CHECK(windowsCommandLine({R"(C:\GraphLens\graphlens-cli.exe)", "verify", "--family", "resnet18", "--json"}) ==
          R"(C:\GraphLens\graphlens-cli.exe verify --family resnet18 --json)");
    CHECK(windowsCommandLine({"cli.exe", "--plan", R"(C:\Users\A B\plan.json)"}) ==
          R"(cli.exe --plan "C:\Users\A B\plan.json")");
}
