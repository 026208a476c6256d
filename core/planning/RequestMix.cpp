#include "planning/RequestMix.h"

#include <algorithm>
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdint>
#include <cstring>
#include <fstream>
#include <map>
#include <string_view>
#include <system_error>

namespace graphlens::planning {
namespace {

// A log of a day's traffic fits many times over; a larger file is a wrong path or a binary.
constexpr std::uintmax_t kMaxMixBytes = 64ull << 20;
constexpr int kMinImageSize = 32;
constexpr int kMaxImageSize = 8192;

const char* const kSizeExpected =
    "expected a batch such as 8, or an image size and a batch such as 640x8, optionally followed by a count";
const char* const kCountExpected = "expected a number of requests above 0, such as 120 or 0.25";
const char* const kImageSizeExpected = "expected a multiple of 32 from 32 to 8192, such as 640";

// A token as it goes into a one-line message: control bytes escaped, a long one cut short.
std::string quoted(std::string_view token) {
    constexpr std::size_t kShown = 40;
    std::string out = "'";
    for (std::size_t i = 0; i < token.size() && i < kShown; ++i) {
        const auto c = static_cast<unsigned char>(token[i]);
        if (c < 0x20 || c == 0x7f) {
            static const char* const hex = "0123456789abcdef";
            out += "\\x";
            out += hex[c >> 4];
            out += hex[c & 0xf];
        } else {
            out += static_cast<char>(c);
        }
    }
    if (token.size() > kShown) out += "...";
    return out + "'";
}

// Length of the UTF-8 sequence at `at`, or 0 where it is not one (overlong, surrogate, past U+10FFFF).
std::size_t utf8Length(std::string_view s, std::size_t at) {
    const auto byte = [&](std::size_t i) { return static_cast<unsigned char>(s[i]); };
    const unsigned char lead = byte(at);
    if (lead < 0x80) return 1;
    std::size_t length = 0;
    unsigned char low = 0x80, high = 0xbf;  // the allowed range of the second byte
    if (lead >= 0xc2 && lead <= 0xdf) {
        length = 2;
    } else if (lead >= 0xe0 && lead <= 0xef) {
        length = 3;
        if (lead == 0xe0) low = 0xa0;
        if (lead == 0xed) high = 0x9f;
    } else if (lead >= 0xf0 && lead <= 0xf4) {
        length = 4;
        if (lead == 0xf0) low = 0x90;
        if (lead == 0xf4) high = 0x8f;
    } else {
        return 0;
    }
    if (at + length > s.size()) return 0;
    if (byte(at + 1) < low || byte(at + 1) > high) return 0;
    for (std::size_t i = 2; i < length; ++i) {
        if (byte(at + i) < 0x80 || byte(at + i) > 0xbf) return 0;
    }
    return length;
}

bool isUtf8(std::string_view s) {
    for (std::size_t i = 0; i < s.size();) {
        const std::size_t length = utf8Length(s, i);
        if (length == 0) return false;
        i += length;
    }
    return true;
}

enum class Whole { Ok, Negative, TooLarge, NotANumber };

// Digits only (a '-' before them reads as Negative): no '+', no spaces, no decimals, no hex.
Whole readWhole(std::string_view token, long long& value) {
    const bool negative = !token.empty() && token.front() == '-';
    const std::string_view digits = negative ? token.substr(1) : token;
    if (digits.empty() || !std::all_of(digits.begin(), digits.end(), [](char c) { return c >= '0' && c <= '9'; })) {
        return Whole::NotANumber;
    }
    if (negative) return Whole::Negative;
    const auto [stop, error] = std::from_chars(digits.data(), digits.data() + digits.size(), value);
    if (error == std::errc::result_out_of_range) return Whole::TooLarge;
    return error == std::errc() && stop == digits.data() + digits.size() ? Whole::Ok : Whole::NotANumber;
}

class LineReader {
public:
    LineReader(const std::string& source, int line, int maxBatch) : source_(source), line_(line), maxBatch_(maxBatch) {}

    [[noreturn]] void fail(const std::string& what) const {
        throw MixError(source_ + ":" + std::to_string(line_) + ": " + what);
    }

    RequestShape size(std::string_view token) const {
        const std::size_t x = token.find_first_of("xX");
        RequestShape shape;
        if (x != std::string_view::npos) {
            const std::string_view imagePart = token.substr(0, x);
            const std::string_view batchPart = token.substr(x + 1);
            long long ignored = 0;
            if (readWhole(imagePart, ignored) == Whole::NotANumber || readWhole(batchPart, ignored) == Whole::NotANumber) {
                fail(quoted(token) + " is not a request size (" + kSizeExpected + ")");
            }
            shape.imgsz = imageSize(imagePart);
            shape.batch = batch(batchPart);
        } else {
            long long ignored = 0;
            if (readWhole(token, ignored) == Whole::NotANumber) {
                fail(quoted(token) + " is not a request size (" + kSizeExpected + ")");
            }
            shape.batch = batch(token);
        }
        return shape;
    }

    double count(std::string_view token) const {
        double value = 0;
        const auto [stop, error] = std::from_chars(token.data(), token.data() + token.size(), value);
        if (stop != token.data() + token.size() || (error != std::errc() && error != std::errc::result_out_of_range)) {
            fail("count " + quoted(token) + " is not a number (" + kCountExpected + ")");
        }
        if (error == std::errc::result_out_of_range) {
            fail("count " + quoted(token) + " is out of range (" + kCountExpected + ")");
        }
        if (!std::isfinite(value)) fail("count " + quoted(token) + " is not finite (" + kCountExpected + ")");
        if (value == 0) fail("count " + std::string(token) + " is zero (" + kCountExpected + "; leave the line out instead)");
        if (value < 0) fail("count " + std::string(token) + " is negative (" + kCountExpected + ")");
        return value;
    }

private:
    int batch(std::string_view token) const {
        long long value = 0;
        switch (readWhole(token, value)) {
        case Whole::Negative:
            fail("batch " + std::string(token) + " is negative (expected 1 or more)");
        case Whole::TooLarge:
            value = static_cast<long long>(maxBatch_) + 1;  // the message below, with the digits as written
            break;
        case Whole::NotANumber:
            fail(quoted(token) + " is not a request size (" + kSizeExpected + ")");
        case Whole::Ok:
            break;
        }
        if (value == 0) fail("batch " + std::string(token) + " is not a batch (expected 1 or more)");
        if (value > maxBatch_) {
            fail("batch " + std::string(token) + " is above the largest batch a plan is made for (" + std::to_string(maxBatch_) + ")");
        }
        return static_cast<int>(value);
    }

    int imageSize(std::string_view token) const {
        long long value = 0;
        switch (readWhole(token, value)) {
        case Whole::Negative:
            fail("image size " + std::string(token) + " is negative (" + kImageSizeExpected + ")");
        case Whole::TooLarge:
            fail("image size " + std::string(token) + " is out of range (" + kImageSizeExpected + ")");
        case Whole::NotANumber:
            fail(quoted(token) + " is not a request size (" + kSizeExpected + ")");
        case Whole::Ok:
            break;
        }
        if (value < kMinImageSize || value > kMaxImageSize) {
            fail("image size " + std::string(token) + " is out of range (" + kImageSizeExpected + ")");
        }
        if (value % 32 != 0) fail("image size " + std::string(token) + " is not a multiple of 32 (" + kImageSizeExpected + ")");
        return static_cast<int>(value);
    }

    const std::string& source_;
    int line_;
    int maxBatch_;
};

std::vector<std::string_view> tokens(std::string_view line) {
    std::vector<std::string_view> out;
    std::size_t at = 0;
    while (true) {
        at = line.find_first_not_of(" \t", at);
        if (at == std::string_view::npos) break;
        const std::size_t end = std::min(line.find_first_of(" \t", at), line.size());
        out.push_back(line.substr(at, end - at));
        at = end;
    }
    return out;
}

}  // namespace

double RequestMix::total() const {
    double sum = 0;
    for (const auto& entry : entries) sum += entry.count;
    return sum;
}

double RequestMix::share(const RequestShape& shape) const {
    const double all = total();
    if (all <= 0) return 0;
    for (const auto& entry : entries) {
        if (entry.shape == shape) return entry.count / all;
    }
    return 0;
}

int RequestMix::largestBatch() const {
    int largest = 0;
    for (const auto& entry : entries) largest = std::max(largest, entry.shape.batch);
    return largest;
}

bool RequestMix::hasImageSizes() const {
    return std::any_of(entries.begin(), entries.end(), [](const MixEntry& entry) { return entry.shape.imgsz > 0; });
}

RequestMix parseRequestMix(const std::string& text, const std::string& source, int maxBatch) {
    if (maxBatch < 1) throw std::invalid_argument("parseRequestMix: maxBatch must be 1 or more");
    std::string_view rest = text;
    if (rest.substr(0, 3) == "\xef\xbb\xbf") rest.remove_prefix(3);

    std::map<RequestShape, MixEntry> merged;
    double total = 0;
    int lineNumber = 0;
    while (!rest.empty()) {
        ++lineNumber;
        const std::size_t newline = rest.find('\n');
        std::string_view line = rest.substr(0, newline);
        rest.remove_prefix(newline == std::string_view::npos ? rest.size() : newline + 1);
        if (!line.empty() && line.back() == '\r') line.remove_suffix(1);

        const LineReader reader(source, lineNumber, maxBatch);
        if (line.find('\0') != std::string_view::npos) reader.fail("holds a NUL byte (expected a text file)");
        if (!isUtf8(line)) reader.fail("is not valid UTF-8 (expected a text file)");
        line = line.substr(0, line.find('#'));
        const auto words = tokens(line);
        if (words.empty()) continue;
        if (words.size() > 2) {
            reader.fail("unexpected " + quoted(words[2]) + " after the count (expected a size, optionally followed by a count)");
        }
        const RequestShape shape = reader.size(words[0]);
        const double count = words.size() == 2 ? reader.count(words[1]) : 1.0;
        total += count;
        if (!std::isfinite(total)) reader.fail("the counts add up past the largest number (expected counts below 1e308 in all)");
        auto [it, added] = merged.try_emplace(shape, MixEntry{shape, 0, lineNumber});
        it->second.count += count;
    }

    RequestMix mix;
    mix.source = source;
    if (merged.empty()) throw MixError(source + ": no requests (expected one request size per line, or 'size count' lines)");
    mix.entries.reserve(merged.size());
    for (auto& [shape, entry] : merged) mix.entries.push_back(entry);
    return mix;
}

RequestMix readRequestMix(const std::filesystem::path& file, int maxBatch) {
    const std::string name = file.string();
    const auto refuse = [&](const std::string& why) -> MixError { return MixError(name + ": cannot be read (" + why + ")"); };
    std::error_code ec;
    const auto status = std::filesystem::status(file, ec);
    if (status.type() == std::filesystem::file_type::not_found) throw refuse("no such file");
    if (ec) throw refuse(ec.message());
    if (std::filesystem::is_directory(status)) throw refuse("it is a folder, expected a file");
    const auto tooLarge = [&](const std::string& size) {
        return MixError(name + ": " + size + " is too large for a request mix (expected at most " + std::to_string(kMaxMixBytes >> 20) +
                        " MiB; a histogram, 'size count' lines, holds any log in a few lines)");
    };
    if (std::filesystem::is_regular_file(status)) {
        const auto bytes = std::filesystem::file_size(file, ec);
        if (!ec && bytes > kMaxMixBytes) throw tooLarge(std::to_string(bytes) + " bytes");
    }

    // Read in pieces up to the limit: a pipe (`--mix <(...)`) has no size to ask for.
    errno = 0;
    std::ifstream in(file, std::ios::binary);
    if (!in) throw refuse(errno != 0 ? std::strerror(errno) : "cannot open");
    std::string text;
    char buffer[1 << 16];
    while (in.read(buffer, sizeof buffer) || in.gcount() > 0) {
        text.append(buffer, static_cast<std::size_t>(in.gcount()));
        if (text.size() > kMaxMixBytes) throw tooLarge("more than " + std::to_string(kMaxMixBytes) + " bytes");
    }
    if (in.bad()) throw refuse(errno != 0 ? std::strerror(errno) : "read error");
    return parseRequestMix(text, name, maxBatch);
}

}  // namespace graphlens::planning
