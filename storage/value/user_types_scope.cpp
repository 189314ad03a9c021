#include "storage/value/user_types_scope.h"

namespace ptreedb::value {

namespace {

thread_local const UserTypeSource* installed_source = nullptr;

}  // namespace

UserTypesScope::UserTypesScope(const UserTypeSource* source) : previous_(installed_source) {
  installed_source = source;
}

UserTypesScope::~UserTypesScope() { installed_source = previous_; }

const UserTypeSource* UserTypesScope::current() { return installed_source; }

}  // namespace ptreedb::value
