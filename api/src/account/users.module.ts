import { NoticeConsentsController } from './notice-consents.controller.js';
import { Module } from '@nestjs/common';
import { GoogleSignInService } from './google-sign-in.service.js';
import { PasswordResetService } from './password-reset.service.js';
import { ProfileService } from './profile.service.js';
import { MobileCodesService } from './mobile-codes.service.js';
import { MobileController } from './mobile.controller.js';
import { MobileSignInService } from './mobile-sign-in.service.js';
import { MobileDevices } from './mobile-devices.js';
import { SmsBudgetController } from './sms-budget.controller.js';
import { UsersController } from './users.controller.js';
import { UsersService } from './users.service.js';

@Module({
  controllers: [UsersController, MobileController, NoticeConsentsController, SmsBudgetController],
  providers: [UsersService, GoogleSignInService, PasswordResetService, ProfileService, MobileCodesService, MobileSignInService, MobileDevices],
  exports: [UsersService],
})
export class UsersModule {}
