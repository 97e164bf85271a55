// The renderers in one include: Table (text, CSV, Markdown, HTML, JSON), SVG charts, HTML page
// and escaping helpers.
#pragma once

#include "reports/html.h"
#include "reports/svg.h"
#include "reports/table.h"
