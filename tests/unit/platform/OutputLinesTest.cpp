// Splitting a child's stdout into lines, whatever chunks the pipe delivers.
#include "platform/OutputLines.h"

#include <catch2/catch.hpp>

#include <string>
#include <vector>

using namespace graphlens::platform;

TEST_CASE("lines split across chunks come out whole, CRLF ends a line too", "[process]") {
    std::vector<std::string> lines;
    const OutputLineHandler collect = [&](const std::string& line) { lines.push_back(line); };
    OutputLines output(collect);
    output.append("fir");
    output.append("st\nsec");
    output.append("ond\r\n\nthi");
    CHECK(lines == std::vector<std::string>{"first", "second", ""});
    output.append("rd");
    output.finish();
    CHECK(lines == std::vector<std::string>{"first", "second", "", "third"});
    output.finish();  // nothing pending: no empty extra line
    CHECK(lines.size() == 4);
}

TEST_CASE("a carriage return inside a line is kept", "[process]") {
    std::vector<std::string> lines;
    const OutputLineHandler collect = [&](const std::string& line) { lines.push_back(line); };
    OutputLines output(collect);
    output.append("progress\r50%\n");
    CHECK(lines == std::vector<std::string>{"progress\r50%"});
}
